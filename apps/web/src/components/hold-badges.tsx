import { type holdBadgesShape, holdLabels } from "@recoup/contracts";
import { CalendarCheckIcon, CalendarXIcon, MessageSquareWarningIcon } from "lucide-react";
import type { z } from "zod";

import { Badge } from "@/components/ui/badge";
import { formatDate } from "@/lib/format";
import { cn } from "@/lib/utils";

type Holds = { [K in keyof typeof holdBadgesShape]: z.infer<(typeof holdBadgesShape)[K]> };

const looks = {
  promised: "border-emerald-600/30 bg-emerald-600/10 text-emerald-800 dark:text-emerald-300",
  missed: "border-amber-600/40 bg-amber-500/10 text-amber-800 dark:text-amber-300",
  disputed: "border-violet-600/30 bg-violet-600/10 text-violet-800 dark:text-violet-300",
} as const;

/**
 * What the customer said of an invoice, wherever it is listed: 'Promised for <date>' ('Promise
 * missed' once the date passed unpaid) and 'Disputed'. Nothing when neither. `narrow`: the date
 * wraps under the words (and the promise has no icon), so a table's status column keeps its width.
 */
export function HoldBadges({
  promise,
  dispute,
  narrow,
  className,
}: Holds & { narrow?: boolean; className?: string }) {
  if (!promise && !dispute) return null;
  return (
    <span className={cn("flex flex-wrap items-center gap-1", className)}>
      {promise ? (
        <Badge
          variant="outline"
          className={cn(
            promise.missed ? looks.missed : looks.promised,
            narrow && "max-w-24 whitespace-normal",
          )}
          data-hold={promise.missed ? "promise-missed" : "promised"}
          title={promise.missed ? holdLabels.promisedFor(formatDate(promise.date)) : undefined}
        >
          {narrow ? null : promise.missed ? (
            <CalendarXIcon aria-hidden="true" />
          ) : (
            <CalendarCheckIcon aria-hidden="true" />
          )}
          {promise.missed ? holdLabels.promiseMissed : holdLabels.promisedFor(formatDate(promise.date))}
        </Badge>
      ) : null}
      {dispute ? (
        <Badge variant="outline" className={looks.disputed} data-hold="disputed">
          <MessageSquareWarningIcon aria-hidden="true" />
          {holdLabels.disputed}
        </Badge>
      ) : null}
    </span>
  );
}
