import type { ReactNode } from "react";

import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";

/**
 * A part of the page whose content is loading, in whatever outline `children` draw, announced by
 * `label`. Nothing in it counts as settled while it shows (aria-busy).
 */
export function LoadingRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className} aria-busy="true">
      <span role="status" className="sr-only">
        {label}
      </span>
      {children}
    </div>
  );
}

/**
 * Something loading, in outline: one skeleton per class list (its size), announced by `label`.
 * Nothing on the page counts as settled while it shows (aria-busy).
 */
export function LoadingBlocks({
  label,
  blocks,
  className,
}: {
  label: string;
  blocks: string[];
  className?: string;
}) {
  return (
    <LoadingRegion label={label} className={cn("grid gap-3", className)}>
      {blocks.map((size, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder blocks have no identity.
        <Skeleton key={i} className={size} />
      ))}
    </LoadingRegion>
  );
}
