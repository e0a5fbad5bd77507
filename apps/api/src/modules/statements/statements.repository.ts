/** The statements outbox and the company's monthly setting. */
import { and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { reminderSettings, statementSettings, statements } from "../../db/schema/index.ts";

export type StatementRow = typeof statements.$inferSelect;
export type NewStatement = typeof statements.$inferInsert;

export async function findStatementSettings(db: DbOrTx, companyId: string) {
  const [row] = await db.select().from(statementSettings).where(eq(statementSettings.companyId, companyId));
  return { monthly: row?.monthly ?? false };
}

export async function saveStatementSettings(db: DbOrTx, companyId: string, monthly: boolean) {
  const set = { monthly, updatedAt: new Date() };
  await db
    .insert(statementSettings)
    .values({ companyId, ...set })
    .onConflictDoUpdate({ target: statementSettings.companyId, set });
}

/** Companies with monthly statements on and reminders on. */
export async function monthlyCompanies(db: DbOrTx) {
  const rows = await db
    .select({ companyId: statementSettings.companyId })
    .from(statementSettings)
    .innerJoin(reminderSettings, eq(reminderSettings.companyId, statementSettings.companyId))
    .where(and(eq(statementSettings.monthly, true), eq(reminderSettings.enabled, true)));
  return rows.map((r) => r.companyId);
}

/** Serialises one company's monthly decisions within a transaction. */
export async function lockCompanyStatements(tx: DbOrTx, companyId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`statements:${companyId}`}, 0))`);
}

/** Inserts the statements whose key is free; answers the ids inserted. */
export async function insertStatements(db: DbOrTx, rows: NewStatement[]) {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(statements)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: statements.id });
  return inserted.map((r) => r.id);
}

export async function findStatement(db: DbOrTx, id: string) {
  const [row] = await db.select().from(statements).where(eq(statements.id, id));
  return row;
}

/** Counts an attempt of a queued statement, before its SMTP call; undefined when it is not queued. */
export async function countAttempt(db: DbOrTx, id: string) {
  const [row] = await db
    .update(statements)
    .set({ attempts: sql`${statements.attempts} + 1`, updatedAt: new Date() })
    .where(and(eq(statements.id, id), eq(statements.status, "queued")))
    .returning({ attempts: statements.attempts });
  return row?.attempts;
}

export async function updateStatement(
  db: DbOrTx,
  id: string,
  change: Partial<Pick<StatementRow, "status" | "error" | "subject" | "sentAt">>,
) {
  await db
    .update(statements)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(statements.id, id));
}

/** A customer's latest statements, newest first. */
export function customerStatements(db: DbOrTx, companyId: string, customerRef: string, limit = 5) {
  return db
    .select()
    .from(statements)
    .where(and(eq(statements.companyId, companyId), eq(statements.customerQbId, customerRef)))
    .orderBy(desc(statements.decidedAt))
    .limit(limit);
}
