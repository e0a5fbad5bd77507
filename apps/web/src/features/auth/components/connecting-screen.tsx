import { Loader2Icon } from "lucide-react";

import { Brand } from "@/components/brand";

/** The provider return screen while the sign-in completes. */
export function ConnectingScreen() {
  return (
    <div className="flex min-h-svh flex-col items-center justify-center gap-6 p-6">
      <Brand />
      <div role="status" className="text-muted-foreground flex items-center gap-3 text-sm">
        <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
        <span>Connecting...</span>
      </div>
    </div>
  );
}
