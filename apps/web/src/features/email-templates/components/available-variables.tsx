import { BracesIcon } from "lucide-react";
import { useId } from "react";

import { templateVariables } from "@/features/email-templates/utils/variables";

/**
 * 'Available Variables': the six placeholders. While editing each is a button that inserts it at
 * the cursor (in the subject or the body, whichever was last in use); `values` shows what each
 * becomes in the preview's invoice.
 */
export function AvailableVariables({
  onInsert,
  values,
}: {
  /** Absent in view mode: the variables are listed, not inserted. */
  onInsert?: (name: string) => void;
  values?: Record<string, string>;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="bg-muted/40 grid gap-3 rounded-lg border p-4">
      <div className="grid gap-1">
        <h3 id={titleId} className="flex items-center gap-2 text-sm font-medium">
          <BracesIcon className="text-muted-foreground size-4" aria-hidden="true" />
          Available Variables
        </h3>
        <p className="text-muted-foreground text-xs">
          {onInsert
            ? "Click a variable to insert it at the cursor. It is replaced with the invoice's details when the email is sent."
            : "Replaced with the invoice's details when the email is sent."}
        </p>
      </div>
      <ul className="grid gap-2 sm:grid-cols-2">
        {templateVariables.map(({ name, description }) => {
          const value = values?.[name] ?? values?.[name.slice(1, -1)];
          return (
            <li key={name} className="flex min-w-0 flex-col gap-0.5">
              {onInsert ? (
                <button
                  type="button"
                  aria-label={`Insert ${name}`}
                  // Keeps the cursor where it is: the click must not move focus before the insert.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => onInsert(name)}
                  className="bg-background hover:bg-accent focus-visible:ring-ring/50 w-fit rounded-md border px-2 py-0.5 font-mono text-xs transition-colors outline-none focus-visible:ring-[3px]"
                >
                  {name}
                </button>
              ) : (
                <code className="bg-background w-fit rounded-md border px-2 py-0.5 font-mono text-xs">
                  {name}
                </code>
              )}
              <span className="text-muted-foreground text-xs break-words">
                {description}
                {value ? ` (here: ${value})` : ""}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
