import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type RowData,
  useReactTable,
} from "@tanstack/react-table";
import type { ReactNode } from "react";

import { DataTablePagination } from "@/components/data-table/data-table-pagination";
import { SortableHeader } from "@/components/data-table/sortable-header";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { ListParamsState } from "@/hooks/use-list-params";
import { cn } from "@/lib/utils";

declare module "@tanstack/react-table" {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Numbers and money line up on the right. */
    align?: "right";
    /** The first click sorts descending (amounts, days): the biggest first. */
    descFirst?: boolean;
    /** The column's sort field, when the server can sort by it. */
    sortField?: string;
    className?: string;
    /** Phantom use of the generics, which the declaration must keep. */
    _types?: [TData, TValue];
  }
}

export interface DataTableProps<T, S extends string, F extends string> {
  /** The table's accessible name, e.g. "Invoices". */
  label: string;
  columns: ColumnDef<T>[];
  rows: T[] | undefined;
  total: number;
  getRowId: (row: T) => string;
  list: ListParamsState<S, F>;
  /** What the rows are called in the rows count: ["invoice", "invoices"]. */
  noun: readonly [string, string];
  /** Shown in place of the rows when there are none. */
  empty: ReactNode;
  /** Extra rows under the body (a totals row), in a <tfoot>. */
  footer?: ReactNode;
  /** The rows are the last parameters' while the new sort, page or search loads: dimmed and busy. */
  stale?: boolean;
}

/**
 * The app's one data table (TanStack Table in the shadcn data-table style) for lists the server
 * sorts and pages: the sort, the page and the page size live in the URL (see useListParams).
 * It scrolls sideways inside its container on narrow screens.
 */
export function DataTable<T, S extends string, F extends string>({
  label,
  columns,
  rows,
  total,
  getRowId,
  list,
  noun,
  empty,
  footer,
  stale = false,
}: DataTableProps<T, S, F>) {
  const table = useReactTable({
    data: rows ?? [],
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    rowCount: total,
    state: {
      sorting: [{ id: list.sort, desc: list.order === "desc" }],
      pagination: { pageIndex: list.page - 1, pageSize: list.pageSize },
    },
  });
  const loading = rows === undefined;
  const columnCount = columns.length;

  return (
    <div className="grid gap-3">
      <Table
        aria-label={label}
        scrollLabel={`${label} table`}
        aria-busy={loading || stale || undefined}
        className="min-w-max"
      >
        <TableHeader>
          {table.getHeaderGroups().map((group) => (
            <TableRow key={group.id} className="hover:bg-transparent">
              {group.headers.map((header) => {
                const meta = header.column.columnDef.meta;
                const sorted = meta?.sortField === list.sort ? list.order : null;
                const title = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <TableHead
                    key={header.id}
                    scope="col"
                    aria-sort={
                      meta?.sortField
                        ? sorted === "asc"
                          ? "ascending"
                          : sorted === "desc"
                            ? "descending"
                            : "none"
                        : undefined
                    }
                    className={cn(meta?.align === "right" && "text-right", meta?.className)}
                  >
                    {meta?.sortField ? (
                      <SortableHeader
                        sorted={sorted}
                        align={meta.align}
                        onSort={() =>
                          list.update(
                            sorted
                              ? { order: sorted === "asc" ? "desc" : "asc" }
                              : { sort: meta.sortField as S, order: meta.descFirst ? "desc" : "asc" },
                          )
                        }
                      >
                        {title}
                      </SortableHeader>
                    ) : (
                      title
                    )}
                  </TableHead>
                );
              })}
            </TableRow>
          ))}
        </TableHeader>
        <TableBody className={cn("transition-opacity", stale && "opacity-60")}>
          {loading ? (
            Array.from({ length: Math.min(list.pageSize, 10) }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity.
              <TableRow key={i} className="hover:bg-transparent">
                {Array.from({ length: columnCount }, (_, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity.
                  <TableCell key={j}>
                    <Skeleton className="h-4 w-full min-w-12" />
                  </TableCell>
                ))}
              </TableRow>
            ))
          ) : table.getRowModel().rows.length === 0 ? (
            <TableRow className="hover:bg-transparent">
              <TableCell colSpan={columnCount} className="h-32 text-center whitespace-normal">
                {empty}
              </TableCell>
            </TableRow>
          ) : (
            table.getRowModel().rows.map((row) => (
              <TableRow key={row.id}>
                {row.getVisibleCells().map((cell) => {
                  const meta = cell.column.columnDef.meta;
                  return (
                    <TableCell
                      key={cell.id}
                      className={cn(meta?.align === "right" && "text-right tabular-nums", meta?.className)}
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))
          )}
        </TableBody>
        {footer}
      </Table>
      <DataTablePagination list={list} total={total} noun={noun} loading={loading} />
    </div>
  );
}
