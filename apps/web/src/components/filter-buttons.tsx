import { Button } from "@/components/ui/button";

/** A list's filter as a row of toggle buttons, one pressed at a time; null is "All". */
export function FilterButtons<T extends string>({
  legend,
  options,
  value,
  onChange,
}: {
  /** The group's name for screen readers: "Status". */
  legend: string;
  options: readonly { value: T | null; label: string }[];
  value: T | null;
  onChange: (value: T | null) => void;
}) {
  return (
    <fieldset className="flex min-w-0 flex-wrap items-center gap-1">
      <legend className="sr-only">{legend}</legend>
      {options.map((option) => {
        const pressed = option.value === value;
        return (
          <Button
            key={option.label}
            type="button"
            size="sm"
            variant={pressed ? "secondary" : "ghost"}
            aria-pressed={pressed}
            className="h-8"
            onClick={() => onChange(option.value)}
          >
            {option.label}
          </Button>
        );
      })}
    </fieldset>
  );
}
