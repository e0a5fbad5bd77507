import { SearchIcon } from "lucide-react";
import { useEffect, useId, useState } from "react";

import { Input } from "@/components/ui/input";
import { useDebouncedCallback } from "@/hooks/use-debounced-callback";
import { cn } from "@/lib/utils";

/** The list's search box: typing waits ~300 ms before it reaches the URL (and the server). */
export function DataTableSearch({
  label,
  value,
  onSearch,
  className,
}: {
  /** The visible label, e.g. "Search customers". */
  label: string;
  value: string;
  onSearch: (search: string) => void;
  className?: string;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const debounced = useDebouncedCallback((next: string) => onSearch(next.trim()), 300);

  // The URL changed under the box (Back, a link): show what it says.
  useEffect(() => {
    setText((current) => (current.trim() === value ? current : value));
  }, [value]);

  return (
    <div className={cn("grid gap-1.5", className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative">
        <SearchIcon
          className="text-muted-foreground pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2"
          aria-hidden="true"
        />
        <Input
          id={id}
          type="search"
          placeholder={`${label}…`}
          value={text}
          autoComplete="off"
          className="pl-8"
          onChange={(event) => {
            setText(event.target.value);
            debounced(event.target.value);
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              debounced.cancel();
              onSearch(text.trim());
            }
          }}
        />
      </div>
    </div>
  );
}
