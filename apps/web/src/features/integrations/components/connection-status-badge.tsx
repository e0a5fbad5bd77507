import type { ConnectionStatus } from "@recoup/contracts";
import { CircleAlertIcon, CircleCheckIcon, CircleDashedIcon } from "lucide-react";

import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

const looks = {
  connected: {
    label: "Connected",
    icon: CircleCheckIcon,
    className: "border-success/30 bg-success/10 text-success",
  },
  error: {
    label: "Error",
    icon: CircleAlertIcon,
    className: "border-destructive/30 bg-destructive/10 text-destructive",
  },
  disconnected: {
    label: "Disconnected",
    icon: CircleDashedIcon,
    className: "text-muted-foreground",
  },
} as const;

/** The spec's status badge: Connected / Error / Disconnected, in words, with colour as a hint only. */
export function ConnectionStatusBadge({ status }: { status: ConnectionStatus }) {
  const { label, icon: Icon, className } = looks[status];
  return (
    <Badge variant="outline" className={cn("h-6 px-2.5", className)} data-status={status}>
      <Icon aria-hidden="true" />
      {label}
    </Badge>
  );
}
