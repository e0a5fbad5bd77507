import { CloudDownloadIcon, PlugIcon, TriangleAlertIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

import { EmptyState, ErrorState } from "@/components/data-states";
import { SyncProgressPanel } from "@/components/sync-progress";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { QuickbooksConnection } from "@/hooks/use-quickbooks-connection";

/**
 * Shows a collections page's data only once there is some: before that, what to do (connect
 * QuickBooks) or how the first import is going. `skeleton` stands in while the status loads.
 */
export function QuickbooksGate({
  qb,
  what,
  skeleton,
  children,
}: {
  qb: QuickbooksConnection;
  /** What the page lists, for the empty states: "your customers". */
  what: string;
  skeleton: ReactNode;
  children: ReactNode;
}) {
  switch (qb.state) {
    case "loading":
      return <>{skeleton}</>;
    case "error":
      return (
        <ErrorState
          title="Could not check the QuickBooks connection"
          error={qb.error}
          onRetry={qb.retry}
          retrying={qb.retrying}
        />
      );
    case "not-connected":
      return (
        <EmptyState
          icon={PlugIcon}
          title={`Connect QuickBooks to see ${what}`}
          action={
            <Button asChild>
              <Link to="/integrations">Go to Integrations</Link>
            </Button>
          }
        >
          Recoup reads your customers, invoices and payments from QuickBooks Online. Connect your company on
          the Integrations page; the first import starts right away.
        </EmptyState>
      );
    case "first-sync":
      return (
        <EmptyState icon={CloudDownloadIcon} title="Your QuickBooks data is being imported">
          <div className="grid gap-4 text-left">
            <p className="text-center">
              {`This page shows ${what} as soon as the first import finishes. It usually takes under a minute.`}
            </p>
            <SyncProgressPanel progress={qb.connection?.progress ?? null} />
          </div>
        </EmptyState>
      );
    default:
      return (
        <>
          {qb.status === "connected" ? null : <DisconnectedNotice />}
          {children}
        </>
      );
  }
}

/** Data synced earlier, but the connection is gone: the figures may be out of date. */
function DisconnectedNotice() {
  return (
    <Alert>
      <TriangleAlertIcon aria-hidden="true" className="text-amber-600 dark:text-amber-400" />
      <AlertTitle>QuickBooks is not connected</AlertTitle>
      <AlertDescription>
        <p>
          These figures are from the last sync and may be out of date.{" "}
          <Link to="/integrations" className="text-foreground font-medium underline underline-offset-4">
            Reconnect on the Integrations page
          </Link>
          .
        </p>
      </AlertDescription>
    </Alert>
  );
}
