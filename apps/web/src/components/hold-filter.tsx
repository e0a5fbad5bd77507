import { type HoldFilter, holdFilterLabels, holdFilterSchema } from "@recoup/contracts";

import { FilterButtons } from "@/components/filter-buttons";

const options = holdFilterSchema.options.map((value) => ({ value, label: holdFilterLabels[value] }));

/**
 * 'Promised' and 'Disputed' beside a list's own filter: at most one pressed; pressing it again
 * shows every invoice again.
 */
export function HoldFilterButtons({
  value,
  onChange,
}: {
  value: HoldFilter | null;
  onChange: (value: HoldFilter | null) => void;
}) {
  return (
    <div className="min-w-0 sm:border-l sm:pl-3">
      <FilterButtons
        legend="Promises and disputes"
        options={options}
        value={value}
        onChange={(next) => onChange(next === value ? null : next)}
      />
    </div>
  );
}
