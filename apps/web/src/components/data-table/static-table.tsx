import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import type { ReactNode } from "react";

import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { cn } from "@/lib/utils";

/** A short list shown whole, in the order given (a customer's invoices): the DataTable's look, no paging. */
export function StaticTable<T>({
  label,
  columns,
  rows,
  getRowId,
  empty,
}: {
  label: string;
  columns: ColumnDef<T>[];
  rows: T[];
  getRowId: (row: T) => string;
  empty: ReactNode;
}) {
  const table = useReactTable({ data: rows, columns, getRowId, getCoreRowModel: getCoreRowModel() });
  return (
    <Table aria-label={label} scrollLabel={`${label} table`} className="min-w-max">
      <TableHeader>
        {table.getHeaderGroups().map((group) => (
          <TableRow key={group.id} className="hover:bg-transparent">
            {group.headers.map((header) => (
              <TableHead
                key={header.id}
                scope="col"
                className={cn(
                  header.column.columnDef.meta?.align === "right" && "text-right",
                  header.column.columnDef.meta?.className,
                )}
              >
                {flexRender(header.column.columnDef.header, header.getContext())}
              </TableHead>
            ))}
          </TableRow>
        ))}
      </TableHeader>
      <TableBody>
        {rows.length === 0 ? (
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={columns.length} className="text-muted-foreground h-20 text-center">
              {empty}
            </TableCell>
          </TableRow>
        ) : (
          table.getRowModel().rows.map((row) => (
            <TableRow key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <TableCell
                  key={cell.id}
                  className={cn(
                    cell.column.columnDef.meta?.align === "right" && "text-right tabular-nums",
                    cell.column.columnDef.meta?.className,
                  )}
                >
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </TableCell>
              ))}
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
