import { NativeSelect } from "@/components/ui/native-select";
import { type DisputedChoice, disputedChoices } from "@/features/aging-report/utils/disputed-choices";

/** 'Include disputed', 'Leave out disputed' or 'Show disputed apart': sets the report and its CSV. */
export function DisputedSelect({
  value,
  onChange,
}: {
  value: DisputedChoice;
  onChange: (value: DisputedChoice) => void;
}) {
  return (
    <div className="sm:w-52">
      <NativeSelect
        aria-label="Disputed invoices"
        value={value}
        onChange={(event) => onChange(event.target.value as DisputedChoice)}
      >
        {disputedChoices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
