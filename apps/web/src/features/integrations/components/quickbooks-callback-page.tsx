import { Loader2Icon } from "lucide-react";

import { Brand } from "@/components/brand";
import { useCompleteConnect } from "@/features/integrations/hooks/use-complete-connect";

/** /callback/quickbooks: where Intuit returns after the user allows (or refuses) the connection. */
export function QuickBooksCallbackPage() {
  useCompleteConnect();
  return (
    <div className="bg-muted/40 flex min-h-svh flex-col items-center justify-center gap-6 p-6">
      <Brand />
      <div role="status" className="text-muted-foreground flex items-center gap-3 text-sm">
        <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
        <span>Connecting...</span>
      </div>
    </div>
  );
}
