import type { InvoiceStatus } from "@recoup/contracts";
import { BanIcon, CircleCheckIcon, CircleDotIcon, ClockAlertIcon } from "lucide-react";

import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

const looks = {
  Paid: { icon: CircleCheckIcon, className: "border-success/30 bg-success/10 text-success" },
  Open: { icon: CircleDotIcon, className: "border-sky-600/30 bg-sky-600/10 text-sky-700 dark:text-sky-300" },
  Overdue: {
    icon: ClockAlertIcon,
    className: "border-red-600/30 bg-red-600/10 text-red-700 dark:text-red-300",
  },
  Voided: { icon: BanIcon, className: "text-muted-foreground" },
} as const;

/** An invoice's status in words (Paid, Open, Overdue, Voided), with colour as a hint only. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { icon: Icon, className } = looks[status];
  return (
    <Badge variant="outline" className={cn(className)} data-status={status}>
      <Icon aria-hidden="true" />
      {status}
    </Badge>
  );
}
