import { Badge } from "@/components/ui/badge";
import { type SubscriptionKind, statusLabels } from "@/lib/subscription/subscription-state";
import { cn } from "@/lib/utils";

const looks: Record<SubscriptionKind, string> = {
  active: "border-success/30 bg-success/10 text-success",
  trial: "border-sky-600/30 bg-sky-600/10 text-sky-700 dark:text-sky-300",
  "trial-ended": "border-red-600/30 bg-red-600/10 text-red-700 dark:text-red-300",
  "past-due": "border-red-600/30 bg-red-600/10 text-red-700 dark:text-red-300",
  canceled: "text-muted-foreground",
  unknown: "text-muted-foreground",
};

/** The subscription's status in words, with colour as a hint only. */
export function PlanStatusBadge({ kind }: { kind: SubscriptionKind }) {
  return (
    <Badge variant="outline" className={cn(looks[kind])} data-kind={kind}>
      {statusLabels[kind]}
    </Badge>
  );
}
