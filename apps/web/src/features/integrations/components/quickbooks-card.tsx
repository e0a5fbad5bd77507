import { Loader2Icon, TriangleAlertIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Separator } from "@/components/ui/separator";
import { Skeleton } from "@/components/ui/skeleton";
import { ConnectionActions } from "@/features/integrations/components/connection-actions";
import { ConnectedDetails, ErrorDetails } from "@/features/integrations/components/connection-details";
import { ConnectionStatusBadge } from "@/features/integrations/components/connection-status-badge";
import { DeleteSyncedData } from "@/features/integrations/components/delete-synced-data";
import { FeatureList } from "@/features/integrations/components/feature-list";
import { useQuickbooksIntegration } from "@/features/integrations/hooks/use-quickbooks-integration";

/** A plain "qb" mark in a dark QuickBooks green (not Intuit's logo), dark enough for white text. */
function QuickbooksMark() {
  return (
    <span
      aria-hidden="true"
      className="flex size-10 shrink-0 items-center justify-center rounded-full bg-[#108000] text-sm font-bold text-white"
    >
      qb
    </span>
  );
}

/** The 'QuickBooks Online' card: status, what it does, the connection's details and its actions. */
export function QuickbooksCard() {
  const integration = useQuickbooksIntegration();
  const { status, connection, isLoading, loadFailed, retryLoad } = integration;

  return (
    <Card aria-labelledby="qbo-card-title" aria-busy={isLoading || undefined}>
      <CardHeader>
        <div className="flex items-start gap-3">
          <QuickbooksMark />
          <div className="grid gap-1.5">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
              <CardTitle>
                <h2 id="qbo-card-title">QuickBooks Online</h2>
              </CardTitle>
              {isLoading ? <Skeleton className="h-6 w-24" /> : <ConnectionStatusBadge status={status} />}
            </div>
            <CardDescription>
              Sync invoices, customers and payments from your QuickBooks company.
            </CardDescription>
          </div>
        </div>
      </CardHeader>

      <CardContent className="grid gap-6">
        <FeatureList />
        <Separator />
        {isLoading ? (
          <p role="status" className="text-muted-foreground flex items-center gap-2 text-sm">
            <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
            Checking the connection...
          </p>
        ) : (
          <>
            {loadFailed ? (
              <div className="text-muted-foreground flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <TriangleAlertIcon className="size-4 text-amber-600 dark:text-amber-400" aria-hidden="true" />
                <span>Could not check the connection just now.</span>
                <Button variant="link" className="h-auto p-0" onClick={() => retryLoad()}>
                  Try Again
                </Button>
              </div>
            ) : null}
            {status === "connected" && connection ? <ConnectedDetails connection={connection} /> : null}
            {status === "error" ? <ErrorDetails connection={connection} /> : null}
            {status === "disconnected" && !loadFailed ? (
              <p className="text-muted-foreground text-sm">
                Connect your QuickBooks Online company to bring in your customers, invoices and payments. You
                choose the company on Intuit's page and can disconnect at any time.
              </p>
            ) : null}
            {connection?.status === "disconnected" && connection.lastSyncAt ? <DeleteSyncedData /> : null}
          </>
        )}
      </CardContent>

      {isLoading ? null : (
        <CardFooter className="border-t">
          <ConnectionActions {...integration} />
        </CardFooter>
      )}
    </Card>
  );
}
