import { type HoldFilter, holdFilterLabels, holdFilterSchema } from "@recoup/contracts";

import { FilterButtons } from "@/components/filter-buttons";
import { cn } from "@/lib/utils";

const options = holdFilterSchema.options.map((value) => ({ value, label: holdFilterLabels[value] }));

/**
 * 'Promised' and 'Disputed' beside a list's own filter: at most one pressed; pressing it again
 * shows every invoice again.
 */
export function HoldFilterButtons({
  value,
  onChange,
  className,
}: {
  value: HoldFilter | null;
  onChange: (value: HoldFilter | null) => void;
  className?: string;
}) {
  return (
    <div className={cn("min-w-0", className)}>
      <FilterButtons
        legend="Promises and disputes"
        options={options}
        value={value}
        onChange={(next) => onChange(next === value ? null : next)}
      />
    </div>
  );
}
