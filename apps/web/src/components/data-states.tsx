import type { LucideIcon } from "lucide-react";
import { CircleAlertIcon, RotateCwIcon } from "lucide-react";
import type { ReactNode } from "react";

import { Button } from "@/components/ui/button";
import { isApiError } from "@/lib/http";
import { cn } from "@/lib/utils";

/** The frame of the empty and error states: an icon in a circle, a heading, words, an action. */
function StatePanel({
  icon: Icon,
  tone,
  title,
  children,
  action,
  className,
  role,
}: {
  icon: LucideIcon;
  tone: "muted" | "error";
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
  role?: "alert";
}) {
  return (
    <div
      role={role}
      className={cn(
        "flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center",
        className,
      )}
    >
      <div
        className={cn(
          "flex size-12 items-center justify-center rounded-full",
          tone === "error" ? "bg-destructive/10" : "bg-muted",
        )}
      >
        <Icon
          className={cn("size-6", tone === "error" ? "text-destructive" : "text-muted-foreground")}
          aria-hidden="true"
        />
      </div>
      <h2 className="font-medium">{title}</h2>
      {children ? <div className="text-muted-foreground max-w-md text-sm">{children}</div> : null}
      {action}
    </div>
  );
}

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
    <StatePanel
      role="alert"
      icon={CircleAlertIcon}
      tone="error"
      title={title}
      className={className}
      action={
        <Button variant="outline" onClick={onRetry} disabled={retrying}>
          <RotateCwIcon className={cn(retrying && "animate-spin")} aria-hidden="true" />
          Try Again
        </Button>
      }
    >
      {detail ?? "Something went wrong while loading. Check your connection and try again."}
    </StatePanel>
  );
}

/** ErrorState for a TanStack query: its error, its refetch, busy while it refetches. */
export function QueryErrorState({
  title,
  query,
}: {
  title: string;
  query: { error: unknown; refetch: () => unknown; isFetching: boolean };
}) {
  return (
    <ErrorState
      title={title}
      error={query.error}
      onRetry={() => query.refetch()}
      retrying={query.isFetching}
    />
  );
}

/** Nothing to show yet: why, and what to do about it. */
export function EmptyState({
  icon,
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
    <StatePanel icon={icon} tone="muted" title={title} action={action} className={className}>
      {children}
    </StatePanel>
  );
}
