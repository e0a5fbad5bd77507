import type { ReactNode } from "react";

import { cn } from "@/lib/utils";

/** A line of a list of what connecting does: its icon, its name, and a line about it. */
export function IconListItem({
  icon,
  title,
  children,
  detailClassName,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  detailClassName?: string;
}) {
  return (
    <li className="flex gap-3">
      {icon}
      <span className="grid gap-0.5">
        <span className="text-sm font-medium">{title}</span>
        <span className={cn("text-muted-foreground text-xs", detailClassName)}>{children}</span>
      </span>
    </li>
  );
}
