import type { ReactNode } from "react";

import { cn } from "@/lib/utils";

/** A named box that scrolls: it is a tab stop, so the keyboard can scroll it too. */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const region = { role: "region", "aria-label": label, tabIndex: 0 } as const;
  return (
    <div
      {...region}
      className={cn(
        "focus-visible:ring-ring/50 overflow-y-auto rounded-md outline-none focus-visible:ring-[3px]",
        className,
      )}
    >
      {children}
    </div>
  );
}
