import type { LucideIcon } from "lucide-react";
import { CircleAlertIcon, RotateCwIcon } from "lucide-react";
import type { ReactNode } from "react";

import { Button } from "@/components/ui/button";
import { isApiError } from "@/lib/http";
import { cn } from "@/lib/utils";

/** A load that failed: what failed, the server's reason when it gave one, and 'Try Again'. */
export function ErrorState({
  title,
  error,
  onRetry,
  retrying,
  className,
}: {
  title: string;
  error?: unknown;
  onRetry: () => void;
  retrying?: boolean;
  className?: string;
}) {
  const detail = isApiError(error) && error.status !== 0 && error.status < 500 ? error.message : null;
  return (
    <div
      role="alert"
      className={cn(
        "flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center",
        className,
      )}
    >
      <div className="bg-destructive/10 flex size-12 items-center justify-center rounded-full">
        <CircleAlertIcon className="text-destructive size-6" aria-hidden="true" />
      </div>
      <h2 className="font-medium">{title}</h2>
      <p className="text-muted-foreground max-w-md text-sm">
        {detail ?? "Something went wrong while loading. Check your connection and try again."}
      </p>
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        <RotateCwIcon className={cn(retrying && "animate-spin")} aria-hidden="true" />
        Try Again
      </Button>
    </div>
  );
}

/** Nothing to show yet: why, and what to do about it. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
  className,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        "flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center",
        className,
      )}
    >
      <div className="bg-muted flex size-12 items-center justify-center rounded-full">
        <Icon className="text-muted-foreground size-6" aria-hidden="true" />
      </div>
      <h2 className="font-medium">{title}</h2>
      {children ? <div className="text-muted-foreground max-w-md text-sm">{children}</div> : null}
      {action}
    </div>
  );
}
