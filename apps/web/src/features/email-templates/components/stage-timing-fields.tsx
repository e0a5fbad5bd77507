import type { StageTimingInput } from "@recoup/contracts";

import { FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import {
  repeatChoices,
  type TimingKind,
  timingKinds,
  withKind,
} from "@/features/email-templates/utils/schedule-draft";
import { stageTimingText } from "@/features/reminders";

/** A whole number of days typed in; the server answers out-of-range values naming the stage. */
const daysOf = (text: string) => Math.trunc(Number(text)) || 0;

function DaysInput({
  id,
  label,
  value,
  max,
  onChange,
  disabled,
}: {
  id: string;
  label: string;
  value: number;
  max: number;
  onChange: (days: number) => void;
  disabled: boolean;
}) {
  return (
    <FormField id={id} label={label}>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        value={value || ""}
        onChange={(event) => onChange(daysOf(event.target.value))}
        disabled={disabled}
        className="w-24"
      />
    </FormField>
  );
}

/**
 * When a stage goes out: before the due date, on it, after it, repeating every N days from a day
 * after it (7, 15 or 30 at a click, or any 1 to 90), or a final stage after which chasing stops.
 */
export function StageTimingFields({
  id,
  timing,
  onChange,
  disabled,
}: {
  /** Prefix of the fields' ids. */
  id: string;
  timing: StageTimingInput;
  onChange: (timing: StageTimingInput) => void;
  disabled: boolean;
}) {
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <FormField id={`${id}-kind`} label="When" className="w-full sm:w-52">
          <NativeSelect
            id={`${id}-kind`}
            value={timing.kind}
            onChange={(event) => onChange(withKind(timing, event.target.value as TimingKind))}
            disabled={disabled}
          >
            {timingKinds.map(({ kind, label }) => (
              <option key={kind} value={kind}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {timing.kind === "on" ? null : (
          <DaysInput
            id={`${id}-days`}
            label={timing.kind === "before" ? "Days before" : "Days after"}
            value={timing.days}
            max={timing.kind === "before" ? 90 : 365}
            onChange={(days) => onChange({ ...timing, days })}
            disabled={disabled}
          />
        )}
        {timing.kind === "repeat" ? (
          <div className="flex flex-wrap items-end gap-2">
            <DaysInput
              id={`${id}-every`}
              label="Every (days)"
              value={timing.every}
              max={90}
              onChange={(every) => onChange({ ...timing, every })}
              disabled={disabled}
            />
            <fieldset className="flex gap-1">
              <legend className="sr-only">Repeat every</legend>
              {repeatChoices.map((every) => (
                <Button
                  key={every}
                  type="button"
                  size="sm"
                  className="h-9"
                  variant={timing.every === every ? "secondary" : "ghost"}
                  aria-pressed={timing.every === every}
                  aria-label={`Every ${every} days`}
                  onClick={() => onChange({ ...timing, every })}
                  disabled={disabled}
                >
                  {every}
                </Button>
              ))}
            </fieldset>
          </div>
        ) : null}
      </div>
      {timing.kind === "repeat" ? (
        <p className="text-muted-foreground text-xs">{stageTimingText(timing)}, while a balance remains.</p>
      ) : null}
      {timing.kind === "final" ? (
        <p className="text-muted-foreground text-xs">
          After the final stage chasing stops and the invoice is flagged 'Needs a call'.
        </p>
      ) : null}
    </div>
  );
}
