import { type DraftProvider, draftProviderLabels } from "@recoup/contracts";
import { CircleAlertIcon, FileTextIcon, InfoIcon, SparklesIcon } from "lucide-react";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { isApiError } from "@/lib/http";

/** Where the text in the composer came from: a generated draft (which provider, why a fallback) or the template. */
export type DraftOrigin =
  | { kind: "generated"; provider: DraftProvider; model: string | null; fallbackReason: string | null }
  | { kind: "template" };

/** Which provider wrote the draft and, when a model's draft was refused, why the composer's is shown. */
export function DraftOriginNotice({ origin }: { origin: DraftOrigin }) {
  if (origin.kind === "template") {
    return (
      <p className="text-muted-foreground flex items-center gap-2 text-sm" data-testid="draft-origin">
        <FileTextIcon className="size-4 shrink-0" aria-hidden="true" />
        From your reminder template.
      </p>
    );
  }
  const by = `${draftProviderLabels[origin.provider]}${origin.model ? ` (${origin.model})` : ""}`;
  return (
    <div className="grid gap-2">
      <p className="text-muted-foreground flex items-center gap-2 text-sm" data-testid="draft-origin">
        <SparklesIcon className="size-4 shrink-0" aria-hidden="true" />
        Written by {by}. Check it before you send it.
      </p>
      {origin.fallbackReason ? (
        <Alert role="note" data-testid="draft-fallback">
          <InfoIcon aria-hidden="true" />
          <AlertTitle>The model's draft was not used</AlertTitle>
          <AlertDescription>{origin.fallbackReason}</AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}

/** A draft could not be made: the server's reason when it gave one (a missing route says nothing useful), and what else to do. */
export function DraftFailure({ error, what, hint }: { error: unknown; what: string; hint: string }) {
  const reason =
    isApiError(error) &&
    error.status >= 400 &&
    error.status < 500 &&
    !error.message.startsWith("No route for")
      ? error.message
      : isApiError(error, 404)
        ? "This server does not offer generated drafts yet."
        : "Something went wrong.";
  return (
    <Alert variant="destructive">
      <CircleAlertIcon aria-hidden="true" />
      <AlertTitle>Could not {what}</AlertTitle>
      <AlertDescription>
        {reason} {hint}
      </AlertDescription>
    </Alert>
  );
}
