import type { ThreadState } from "@recoup/contracts";
import {
  CircleCheckIcon,
  CircleXIcon,
  type LucideIcon,
  MailWarningIcon,
  MessageSquareReplyIcon,
  PlaneIcon,
  SendIcon,
} from "lucide-react";

import { Badge } from "@/components/ui/badge";
import { threadStateText } from "@/lib/communications/thread-state";
import { cn } from "@/lib/utils";

const looks: Record<ThreadState, { icon: LucideIcon; className: string }> = {
  reply_waiting: {
    icon: MessageSquareReplyIcon,
    className: "border-amber-600/40 bg-amber-500/15 text-amber-800 dark:text-amber-200",
  },
  away: { icon: PlaneIcon, className: "border-sky-600/30 bg-sky-600/10 text-sky-700 dark:text-sky-300" },
  bouncing: {
    icon: MailWarningIcon,
    className: "border-red-600/30 bg-red-600/10 text-red-700 dark:text-red-300",
  },
  failed: { icon: CircleXIcon, className: "border-red-600/30 bg-red-600/10 text-red-700 dark:text-red-300" },
  handled: { icon: CircleCheckIcon, className: "border-success/30 bg-success/10 text-success" },
  sent: { icon: SendIcon, className: "text-muted-foreground" },
};

/**
 * Where an invoice's conversation stands: 'Reply waiting', 'Away until <date>', 'Email bouncing',
 * 'Send failed', 'Handled' or 'Sent', in words with colour as a hint only.
 */
export function ThreadStateBadge({
  state,
  awayUntil,
  className,
}: {
  state: ThreadState;
  awayUntil: string | null;
  className?: string;
}) {
  const { icon: Icon, className: look } = looks[state];
  return (
    <Badge variant="outline" className={cn(look, className)} data-state={state}>
      <Icon aria-hidden="true" />
      {threadStateText(state, awayUntil)}
    </Badge>
  );
}
