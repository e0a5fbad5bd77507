import { ChevronLeftIcon, ChevronRightIcon, ChevronsLeftIcon, ChevronsRightIcon } from "lucide-react";
import { useId } from "react";

import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import type { ListParamsState } from "@/hooks/use-list-params";
import { formatCount, formatCountOf } from "@/lib/format";
import { PAGE_SIZES, pageCount } from "@/lib/list-params";

/**
 * "Page X of Y", the rows count, the page size (10, 25, 50, 100) and the four page buttons; in a
 * narrow column (`compact`), the count, the page and Previous / Next on one line.
 */
export function DataTablePagination<S extends string, F extends string>({
  list,
  total,
  noun,
  loading,
  compact = false,
}: {
  list: ListParamsState<S, F>;
  total: number;
  noun: readonly [string, string];
  loading: boolean;
  compact?: boolean;
}) {
  const sizeId = useId();
  const pages = pageCount(total, list.pageSize);
  const page = Math.min(list.page, pages);
  const go = (next: number) => list.update({ page: next });
  const buttons = [
    { label: "First page", icon: ChevronsLeftIcon, to: 1, disabled: page <= 1, compact: false },
    { label: "Previous page", icon: ChevronLeftIcon, to: page - 1, disabled: page <= 1, compact: true },
    { label: "Next page", icon: ChevronRightIcon, to: page + 1, disabled: page >= pages, compact: true },
    { label: "Last page", icon: ChevronsRightIcon, to: pages, disabled: page >= pages, compact: false },
  ].filter((b) => b.compact || !compact);
  const count = (
    <p className="text-muted-foreground" aria-live="polite">
      {loading ? "Loading…" : formatCountOf(total, noun)}
    </p>
  );
  const pageOf = (
    <p className="font-medium whitespace-nowrap tabular-nums">
      Page {formatCount(page)} of {formatCount(pages)}
    </p>
  );
  const nav = (
    <nav className="flex items-center gap-1" aria-label="Pages">
      {buttons.map(({ label, icon: Icon, to, disabled }) => (
        <Button
          key={label}
          variant="outline"
          size="icon"
          className="size-8"
          aria-label={label}
          disabled={disabled}
          onClick={() => go(to)}
        >
          <Icon aria-hidden="true" />
        </Button>
      ))}
    </nav>
  );
  if (compact) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 px-1 text-sm">
        {count}
        <div className="flex items-center gap-3">
          {pageOf}
          {nav}
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-col-reverse gap-3 px-1 text-sm sm:flex-row sm:items-center sm:justify-between">
      {count}
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <div className="flex items-center gap-2">
          <label htmlFor={sizeId} className="font-medium whitespace-nowrap">
            Rows per page
          </label>
          <NativeSelect
            id={sizeId}
            className="h-8 w-[4.75rem]"
            value={list.pageSize}
            onChange={(event) => list.update({ pageSize: Number(event.target.value) })}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </NativeSelect>
        </div>
        {pageOf}
        {nav}
      </div>
    </div>
  );
}
