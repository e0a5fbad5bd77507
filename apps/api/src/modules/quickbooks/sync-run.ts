/** One sync run: its QuickBooks calls, and its pages written while it holds the lease. */
import type { AppContext } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { touchCompanyData } from "../../db/data-version.ts";
import type { SyncProgress } from "../../db/schema/index.ts";
import type { QboRecord, QboRecords } from "../../integrations/quickbooks/records.ts";
import { secondsSince } from "../../lib/metrics.ts";
import { syncQuickBooksAddresses } from "../contacts/index.ts";
import { withAccess } from "./access.service.ts";
import * as map from "./qbo-mappers.ts";
import { holdsLease } from "./sync-lease.repository.ts";
import {
  markDeleted,
  replaceApplications,
  type SyncedEntity,
  upsertStatement,
  upsertSynced,
} from "./synced-records.repository.ts";

export const ENTITIES: SyncedEntity[] = ["Customer", "Invoice", "Payment", "CreditMemo"];

/** The connection changed under a running sync (reconnected, disconnected, data deleted): stop writing. */
export class SyncSuperseded extends Error {}

const rowFor: {
  [E in SyncedEntity]: (e: QboRecords[E], c: string, r: string) => Record<string, unknown>;
} = {
  Customer: map.customerRow,
  Invoice: map.invoiceRow,
  Payment: map.paymentRow,
  CreditMemo: map.creditMemoRow,
};

const toRow = (entity: SyncedEntity, e: QboRecord, companyId: string, realmId: string) =>
  (rowFor[entity] as (e: QboRecord, c: string, r: string) => Record<string, unknown>)(e, companyId, realmId);

export interface Run {
  ctx: AppContext;
  companyId: string;
  /** The realm this sync started on; a page of another realm is never written. */
  realmId: string;
  owner: string;
  progress: SyncProgress;
  /** Saves the progress and renews the lease, in `db` when given (a page's transaction). */
  save: (db?: DbOrTx) => Promise<void>;
}

/** A QuickBooks call for this run; a connection switched to another realm ends the run. */
export function call<T>(run: Run, fn: (token: string, realmId: string) => Promise<T>): Promise<T> {
  return withAccess(run.ctx, run.companyId, (token, realmId) => {
    if (realmId !== run.realmId) throw new SyncSuperseded();
    return fn(token, realmId);
  });
}

/**
 * Applies one page in one transaction (upserts, links to invoices, deletions) while the lease holds;
 * `andThen` runs in the same transaction (the run's progress saved with the page it counts). The
 * rows are mapped before the transaction begins, so it stays open only for the statements.
 */
export async function applyPage(
  run: Run,
  entity: SyncedEntity,
  items: QboRecord[],
  andThen?: (tx: DbOrTx) => Promise<void>,
) {
  const { ctx, companyId, realmId } = run;
  const active = items.filter((e) => !e.deleted);
  const deleted = items.filter((e) => e.deleted).map((e) => e.id);
  const upsert = upsertStatement(
    entity,
    active.map((e) => toRow(entity, e, companyId, realmId)),
  );
  const source = entity === "Payment" || entity === "CreditMemo" ? entity : undefined;
  const paying = active as (QboRecords["Payment"] | QboRecords["CreditMemo"])[];
  const links = source && paying.flatMap((e) => map.paymentApplicationRows(e, companyId, source));
  const addresses =
    entity === "Customer" ? map.customerAddresses(items as QboRecords["Customer"][]) : undefined;
  const started = performance.now();
  await ctx.db.transaction(async (tx) => {
    if (!(await holdsLease(tx, companyId, run.owner, realmId))) throw new SyncSuperseded();
    await upsertSynced(tx, upsert);
    if (source && links)
      await replaceApplications(
        tx,
        companyId,
        source,
        paying.map((e) => e.id),
        links,
      );
    await markDeleted(tx, entity, companyId, deleted);
    if (addresses) await syncQuickBooksAddresses(tx, companyId, addresses);
    await touchCompanyData(tx, companyId);
    await andThen?.(tx);
  });
  ctx.metrics.syncPageWrite.observe({ entity }, secondsSince(started));
  ctx.metrics.syncRecords.inc({ entity }, items.length);
}
