import { ESCALATION_CHOICES, ordinal, recipientMessages } from "@recoup/contracts";

import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

const OFF = "off";

/** What the setting means, under it. */
export const escalationHint = (from: number | null) =>
  from === null
    ? "Off: 'Escalation' contacts are never copied automatically."
    : `Each customer's 'Escalation' contacts are copied on an invoice's ${ordinal(from)} overdue reminder and every one after it, automatic or sent by hand.`;

/**
 * 'Copy escalation contacts from the <N>th overdue reminder' (decision 0018): Off, or the 1st to
 * the 5th reminder an invoice gets after its due date; saved as soon as it is chosen.
 */
export function EscalationSetting({
  value,
  disabled,
  onChange,
}: {
  value: number | null;
  disabled: boolean;
  onChange: (from: number | null) => void;
}) {
  const label = `${recipientMessages.escalation} ${value === null ? "Nth" : ordinal(value)} ${recipientMessages.escalationAfter}`;
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium" id="escalation-label">
        <span>{recipientMessages.escalation}</span>
        <Select
          value={value === null ? OFF : String(value)}
          disabled={disabled}
          onValueChange={(next) => {
            const from = next === OFF ? null : Number(next);
            if (from !== value) onChange(from);
          }}
        >
          <SelectTrigger aria-label={label} className="h-8 w-24" data-testid="escalation-from">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={OFF}>Off</SelectItem>
            {ESCALATION_CHOICES.map((n) => (
              <SelectItem key={n} value={String(n)}>
                {ordinal(n)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <span>{recipientMessages.escalationAfter}</span>
      </div>
      <p className="text-muted-foreground text-sm" data-testid="escalation-hint">
        {escalationHint(value)}
      </p>
    </div>
  );
}
