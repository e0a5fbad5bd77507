import { type EmailMessage, emailKindLabels } from "@recoup/contracts";
import type { LucideIcon } from "lucide-react";
import { type ReactNode, useId } from "react";

import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/lib/format";
import { cn } from "@/lib/utils";

/**
 * One entry of the thread, an email or an event: its kind as a badge, `meta` (who, its state),
 * its time, its subject as the heading, then `details` under the heading and its `children`.
 */
export function ThreadEntry({
  message,
  testId,
  icon: Icon,
  className,
  badgeClassName,
  meta,
  details,
  children,
}: {
  message: EmailMessage;
  testId: string;
  icon: LucideIcon;
  className?: string;
  badgeClassName?: string;
  meta: ReactNode;
  details?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <li>
      <article
        aria-labelledby={headingId}
        data-testid={testId}
        data-kind={message.kind}
        className={cn("grid min-w-0 gap-3 rounded-lg border p-4", className)}
      >
        <header className="grid gap-1.5">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
            <Badge variant="outline" className={cn("gap-1", badgeClassName)}>
              <Icon aria-hidden="true" />
              {emailKindLabels[message.kind]}
            </Badge>
            {meta}
            <time dateTime={message.at} className="text-muted-foreground ml-auto">
              {formatDateTime(message.at)}
            </time>
          </div>
          <h3 id={headingId} className="text-sm font-medium break-words">
            {message.subject || "(no subject)"}
          </h3>
          {details}
        </header>
        {children}
      </article>
    </li>
  );
}
