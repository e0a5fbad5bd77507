import { quickbooksMessages } from "@recoup/contracts";
import { CircleAlertIcon, TriangleAlertIcon } from "lucide-react";
import type { ReactNode } from "react";
import { SyncProgressPanel } from "@/components/sync-progress";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import type { QuickbooksIntegration } from "@/features/integrations/hooks/use-quickbooks-integration";
import { formatDateTime } from "@/lib/format";
import { lastSyncSummary, stalledSync } from "@/lib/quickbooks/sync-progress";

type Connection = NonNullable<QuickbooksIntegration["connection"]>;

/** One term and its value in a connection's details. */
export function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[8rem_1fr] sm:gap-4">
      <dt className="text-muted-foreground text-sm">{term}</dt>
      <dd className="min-w-0 text-sm break-words">{children}</dd>
    </div>
  );
}

/** Connected: the spec's 'Last sync' line (with the exact time), the company, and the sync's state. */
export function ConnectedDetails({ connection }: { connection: Connection }) {
  const { lastSyncAt, syncing, progress, realmId } = connection;
  const summary = syncing ? null : lastSyncSummary(progress);
  return (
    <div className="grid gap-4">
      <dl className="grid gap-3">
        <Row term="Last sync">
          {lastSyncAt ? (
            <span className="grid gap-0.5">
              <span>
                {quickbooksMessages.recentlySynced}
                <span className="text-muted-foreground">
                  {" · "}
                  <time dateTime={lastSyncAt}>{formatDateTime(lastSyncAt)}</time>
                </span>
              </span>
              {summary ? <span className="text-muted-foreground text-xs">{summary}</span> : null}
            </span>
          ) : (
            <span className="text-muted-foreground">
              {syncing ? "First sync in progress" : "Not synced yet"}
            </span>
          )}
        </Row>
        {realmId ? (
          <Row term="Company ID">
            <span className="font-mono text-xs break-all">{realmId}</span>
          </Row>
        ) : null}
      </dl>
      {syncing ? <SyncProgressPanel progress={progress} /> : null}
      {stalledSync(progress, syncing) ? (
        <Alert>
          <TriangleAlertIcon aria-hidden="true" className="text-amber-600 dark:text-amber-400" />
          <AlertTitle>The last sync did not finish</AlertTitle>
          <AlertDescription>
            {progress?.error ? <p className="break-words">{progress.error}</p> : null}
            <p>Recoup tries again on its own. Use Refresh Data to try now.</p>
          </AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}

/** Error: what went wrong, and that connecting again fixes it. */
export function ErrorDetails({ connection }: { connection: Connection | null }) {
  return (
    <Alert variant="destructive">
      <CircleAlertIcon aria-hidden="true" />
      <AlertTitle>QuickBooks needs to be reconnected</AlertTitle>
      <AlertDescription>
        <p className="break-words">
          {connection?.errorMessage ?? "Recoup can no longer reach your QuickBooks company."}
        </p>
        <p>Syncing is paused. Connect QuickBooks again to resume; nothing already synced is lost.</p>
      </AlertDescription>
    </Alert>
  );
}
