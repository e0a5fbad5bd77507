import type { ReactNode } from "react";

import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

/** The card a list page's table sits in: a toolbar (search, filters) above the table. */
export function ListCard({ toolbar, children }: { toolbar?: ReactNode; children: ReactNode }) {
  return (
    <Card className="min-w-0 gap-4 py-4">
      {toolbar ? (
        <div className="flex flex-col gap-3 px-4 sm:flex-row sm:flex-wrap sm:items-center">{toolbar}</div>
      ) : null}
      <CardContent className="min-w-0 px-4">{children}</CardContent>
    </Card>
  );
}

/** A list page while the connection is checked: a toolbar and rows in outline. */
export function ListCardSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <Card className="gap-4 py-4" aria-busy="true">
      <span role="status" className="sr-only">
        Loading…
      </span>
      <div className="px-4">
        <Skeleton className="h-9 w-full max-w-xs" />
      </div>
      <CardContent className="grid gap-3 px-4">
        {Array.from({ length: rows }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity.
          <Skeleton key={i} className="h-8 w-full" />
        ))}
      </CardContent>
    </Card>
  );
}
