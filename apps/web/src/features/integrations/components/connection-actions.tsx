import { ExternalLinkIcon, Loader2Icon, PlugIcon, RefreshCwIcon, UnplugIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import type { QuickbooksIntegration } from "@/features/integrations/hooks/use-quickbooks-integration";

type Props = Pick<
  QuickbooksIntegration,
  "status" | "connection" | "busy" | "connect" | "refresh" | "disconnect"
>;

const spinner = <Loader2Icon className="animate-spin" aria-hidden="true" />;

/** Disconnected or Error: 'Connect QuickBooks'. Connected: Refresh Data, Disconnect, Open QuickBooks Online. */
export function ConnectionActions({ status, connection, busy, connect, refresh, disconnect }: Props) {
  const disabled = busy !== null;

  if (status !== "connected") {
    return (
      <Button onClick={connect} disabled={disabled} className="w-full sm:w-auto">
        {busy === "connecting" ? spinner : <PlugIcon aria-hidden="true" />}
        {busy === "connecting" ? "Connecting..." : "Connect QuickBooks"}
      </Button>
    );
  }

  return (
    <div className="flex w-full flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
      <Button onClick={refresh} disabled={disabled} className="sm:w-auto">
        {busy === "refreshing" ? spinner : <RefreshCwIcon aria-hidden="true" />}
        {busy === "refreshing" ? "Refreshing..." : "Refresh Data"}
      </Button>
      {connection?.companyUrl ? (
        <Button asChild variant="outline" className="sm:w-auto">
          <a href={connection.companyUrl} target="_blank" rel="noopener noreferrer">
            <ExternalLinkIcon aria-hidden="true" />
            Open QuickBooks Online
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </Button>
      ) : null}
      <Button
        variant="ghost"
        onClick={disconnect}
        disabled={disabled}
        className="text-destructive hover:text-destructive hover:bg-destructive/10 sm:ml-auto sm:w-auto"
      >
        {busy === "disconnecting" ? spinner : <UnplugIcon aria-hidden="true" />}
        {busy === "disconnecting" ? "Disconnecting..." : "Disconnect"}
      </Button>
    </div>
  );
}
