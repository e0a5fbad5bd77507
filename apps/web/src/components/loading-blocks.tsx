import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";

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
    <div className={cn("grid gap-3", className)} aria-busy="true">
      <span role="status" className="sr-only">
        {label}
      </span>
      {blocks.map((size, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder blocks have no identity.
        <Skeleton key={i} className={size} />
      ))}
    </div>
  );
}
