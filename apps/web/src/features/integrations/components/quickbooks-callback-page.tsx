import { PlugIcon } from "lucide-react";
import { Link } from "react-router";

import { Brand } from "@/components/brand";
import { Button } from "@/components/ui/button";

/**
 * /callback/quickbooks: where QuickBooks returns after the user authorises the connection.
 * The code exchange is not built yet, so this says so instead of pretending to connect.
 */
export function QuickBooksCallbackPage() {
  return (
    <div className="bg-muted/40 flex min-h-svh flex-col items-center justify-center gap-6 p-6 text-center">
      <Brand />
      <div className="bg-card grid max-w-md justify-items-center gap-4 rounded-xl border p-8 shadow-sm">
        <div className="bg-muted flex size-12 items-center justify-center rounded-full">
          <PlugIcon className="text-muted-foreground size-6" aria-hidden="true" />
        </div>
        <p className="text-muted-foreground text-sm">Connecting...</p>
        <h1 className="text-xl font-semibold tracking-tight">Connecting QuickBooks is not available yet</h1>
        <p className="text-muted-foreground text-sm">
          Recoup cannot finish a QuickBooks connection yet, so nothing was connected. This arrives with the
          data sync.
        </p>
        <Button asChild>
          <Link to="/integrations">Go to Integrations</Link>
        </Button>
      </div>
    </div>
  );
}
