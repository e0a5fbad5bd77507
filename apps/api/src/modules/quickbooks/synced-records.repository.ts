/** The records synced from QuickBooks: written idempotently, marked deleted, removed. */
import { and, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import { anyOf } from "../../db/any-of.ts";
import type { DbOrTx } from "../../db/client.ts";
import { touchCompanyData } from "../../db/data-version.ts";
import { jsonRowsInsert, setFromExcluded } from "../../db/json-rows.ts";
import { creditMemos, customers, invoices, paymentApplications, payments } from "../../db/schema/index.ts";
import { forgetQuickBooksAddresses } from "../contacts/index.ts";

export const SYNCED_TABLES = {
  Customer: customers,
  Invoice: invoices,
  Payment: payments,
  CreditMemo: creditMemos,
};

export type SyncedEntity = keyof typeof SYNCED_TABLES;

/**
 * Idempotent upsert keyed by (company, QuickBooks Id): a row is replaced only by a version at
 * least as new (LastUpdatedTime), so a late, stale page never overwrites a newer change. Built
 * apart from running it (`upsertSynced`), so a page's statement is ready before its transaction.
 */
export function upsertStatement(entity: SyncedEntity, rows: Record<string, unknown>[]): SQL | undefined {
  if (rows.length === 0) return undefined;
  const table = SYNCED_TABLES[entity];
  const set = setFromExcluded(Object.keys(getTableColumns(table)), ["companyId", "qbId"]);
  return sql`insert into ${table} ${jsonRowsInsert(table, rows)}
    on conflict (company_id, qb_id) do update set ${set}
    where excluded.qb_updated_at >= ${table.qbUpdatedAt}`;
}

/** Runs a page's upsert built by `upsertStatement` (nothing for a page without live records). */
export async function upsertSynced(db: DbOrTx, statement: SQL | undefined) {
  if (statement) await db.execute(statement);
}

export async function markDeleted(db: DbOrTx, entity: SyncedEntity, companyId: string, qbIds: string[]) {
  if (qbIds.length === 0) return;
  const table = SYNCED_TABLES[entity];
  await db
    .update(table)
    .set({ deletedAt: new Date() })
    .where(and(eq(table.companyId, companyId), anyOf(table.qbId, qbIds)));
  if (entity === "Payment" || entity === "CreditMemo")
    await replaceApplications(db, companyId, entity, qbIds, []);
}

/** A payment's (or credit memo's) links to invoices, replaced whole with its latest version. */
export async function replaceApplications(
  db: DbOrTx,
  companyId: string,
  sourceType: "Payment" | "CreditMemo",
  sourceIds: string[],
  rows: (typeof paymentApplications.$inferInsert)[],
) {
  if (sourceIds.length === 0) return;
  await db
    .delete(paymentApplications)
    .where(
      and(
        eq(paymentApplications.companyId, companyId),
        eq(paymentApplications.sourceType, sourceType),
        anyOf(paymentApplications.sourceQbId, sourceIds),
      ),
    );
  if (rows.length)
    await db.execute(sql`insert into ${paymentApplications} ${jsonRowsInsert(paymentApplications, rows)}`);
}

/** Removes a company's synced records: all of them, or those of realms other than `keepRealm`. */
export async function deleteSynced(db: DbOrTx, companyId: string, keepRealm?: string) {
  await db.delete(paymentApplications).where(eq(paymentApplications.companyId, companyId));
  await forgetQuickBooksAddresses(db, companyId);
  for (const table of Object.values(SYNCED_TABLES)) {
    await db
      .delete(table)
      .where(
        and(eq(table.companyId, companyId), keepRealm ? sql`${table.realmId} <> ${keepRealm}` : undefined),
      );
  }
  await touchCompanyData(db, companyId);
}
