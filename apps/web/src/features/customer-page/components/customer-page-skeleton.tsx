import { LoadingRegion } from "@/components/loading-blocks";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";

// Darker than the app's skeletons: the page's ground is grey.
const Bone = ({ className }: { className: string }) => (
  <Skeleton className={cn("bg-foreground/10", className)} />
);

/** The page's outline while it loads: header, heading, totals, a few invoice cards. */
export function CustomerPageSkeleton() {
  return (
    <LoadingRegion label="Loading your invoices..." className="flex flex-col gap-6">
      <h1 className="sr-only">Invoices</h1>
      <div className="flex items-center gap-3">
        <Bone className="size-12 rounded-lg" />
        <Bone className="h-6 w-40" />
      </div>
      <Bone className="h-8 w-64 max-w-full" />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Bone className="h-24 rounded-xl" />
      </div>
      <div className="grid gap-3">
        <Bone className="h-52 rounded-xl lg:h-16" />
        <Bone className="h-52 rounded-xl lg:h-16" />
        <Bone className="h-52 rounded-xl lg:h-16" />
      </div>
    </LoadingRegion>
  );
}
