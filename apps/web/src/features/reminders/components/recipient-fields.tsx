import { MAX_COPIED } from "@recoup/contracts";
import { MailXIcon } from "lucide-react";

import { FormField, fieldA11y } from "@/components/form-field";
import { Textarea } from "@/components/ui/textarea";

interface AddressesField {
  text: string;
  onChange: (text: string) => void;
  error: string | undefined;
}

/**
 * The reminder's To and CC as the rules give them (decision 0018), editable for this send, and
 * the addresses the rules leave out with why ("Not sent to x@y: the address bounced.").
 */
export function RecipientFields({
  to,
  cc,
  notSent,
  disabled,
}: {
  to: AddressesField;
  cc: AddressesField;
  notSent: readonly string[];
  disabled: boolean;
}) {
  const fields = [
    { id: "reminder-to", label: "To", field: to, hint: undefined },
    {
      id: "reminder-cc",
      label: "CC",
      field: cc,
      hint: `Separate addresses with commas; at most ${MAX_COPIED}.`,
    },
  ];
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map(({ id, label, field, hint }) => (
          <FormField key={id} id={id} label={label} error={field.error} hint={hint}>
            {/* Grows with its addresses, so a long CC stays readable. */}
            <Textarea
              {...fieldA11y(id, field.error, Boolean(hint))}
              rows={1}
              className="min-h-9 resize-none"
              inputMode="email"
              autoComplete="off"
              spellCheck={false}
              value={field.text}
              onChange={(event) => field.onChange(event.target.value)}
              disabled={disabled}
            />
          </FormField>
        ))}
      </div>
      {notSent.length ? (
        <ul className="text-muted-foreground grid gap-1 text-sm" data-testid="reminder-not-sent">
          {notSent.map((line) => (
            <li key={line} className="flex gap-2">
              <MailXIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span className="min-w-0 break-words">{line}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
