import { Loader2Icon } from "lucide-react";

import { cn } from "@/lib/utils";

/** Shown while a page (or the session) loads; covers its container, or the screen. */
export function LoadingOverlay({
  message = "Loading...",
  fullScreen = false,
}: {
  message?: string;
  fullScreen?: boolean;
}) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn(
        "bg-background/70 z-40 flex items-center justify-center backdrop-blur-[1px]",
        fullScreen ? "fixed inset-0" : "absolute inset-0 min-h-48",
      )}
    >
      <div className="text-muted-foreground flex items-center gap-3 text-sm">
        <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
        <span>{message}</span>
      </div>
    </div>
  );
}
