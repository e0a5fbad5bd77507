import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from "lucide-react";
import type { ReactNode } from "react";

import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/** A column header that sorts: a button named by its visible text (the <th> carries aria-sort). */
export function SortableHeader({
  sorted,
  align,
  onSort,
  children,
}: {
  sorted: "asc" | "desc" | null;
  align?: "right";
  onSort: () => void;
  children: ReactNode;
}) {
  const Icon = sorted === "asc" ? ArrowUpIcon : sorted === "desc" ? ArrowDownIcon : ArrowUpDownIcon;
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      onClick={onSort}
      className={cn(
        "data-[sorted=true]:text-foreground -mx-2 h-8 gap-1 px-2 font-medium",
        align === "right" && "flex-row-reverse",
      )}
      data-sorted={sorted !== null}
    >
      {children}
      <Icon className={cn("size-3.5", sorted ? "opacity-100" : "opacity-50")} aria-hidden="true" />
    </Button>
  );
}
