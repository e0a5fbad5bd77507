import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { inboundFailures } from "../../db/schema/index.ts";

export type NewInboundFailure = typeof inboundFailures.$inferInsert;

/**
 * The raw bytes go in and out as base64 text that the database decodes: PGlite's own bytea
 * parameters take about 1.5 s a megabyte (a 25 MB message would stop the app for half a minute),
 * base64 about a tenth of that; PostgreSQL is fast either way.
 */
const rawIn = (raw: Buffer) => sql`decode(${raw.toString("base64")}, 'base64')`;
const rawOut = sql<string>`encode(${inboundFailures.raw}, 'base64')`;

/** Keeps a message aside once (a relay's retry of the same bytes adds nothing); answers its id. */
export async function insertFailure(db: DbOrTx, row: NewInboundFailure) {
  const [inserted] = await db
    .insert(inboundFailures)
    .values({ ...row, raw: rawIn(row.raw) })
    .onConflictDoNothing({ target: inboundFailures.rawSha256 })
    .returning({ id: inboundFailures.id });
  if (inserted) return { id: inserted.id, created: true };
  const [existing] = await db
    .select({ id: inboundFailures.id })
    .from(inboundFailures)
    .where(eq(inboundFailures.rawSha256, row.rawSha256));
  return { id: existing!.id, created: false };
}

const shown = (companyId: string) =>
  and(eq(inboundFailures.companyId, companyId), isNull(inboundFailures.dismissedAt));

/** The company's messages kept aside and not dismissed, newest first (without their bytes). */
export async function listFailures(db: DbOrTx, companyId: string, limit: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: inboundFailures.id,
        receivedAt: inboundFailures.receivedAt,
        reason: inboundFailures.reason,
        detail: inboundFailures.detail,
        size: inboundFailures.size,
        fromAddress: inboundFailures.fromAddress,
        subject: inboundFailures.subject,
      })
      .from(inboundFailures)
      .where(shown(companyId))
      .orderBy(desc(inboundFailures.receivedAt))
      .limit(limit),
    db.select({ n: count() }).from(inboundFailures).where(shown(companyId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One of the company's messages kept aside, with its bytes. */
export async function failureRaw(db: DbOrTx, companyId: string, id: string) {
  const [row] = await db
    .select({ raw: rawOut, receivedAt: inboundFailures.receivedAt })
    .from(inboundFailures)
    .where(and(eq(inboundFailures.companyId, companyId), eq(inboundFailures.id, id)));
  return row && { raw: Buffer.from(row.raw, "base64"), receivedAt: row.receivedAt };
}

export async function dismissFailure(db: DbOrTx, companyId: string, id: string, at: Date) {
  const rows = await db
    .update(inboundFailures)
    .set({ dismissedAt: at })
    .where(and(shown(companyId), eq(inboundFailures.id, id)))
    .returning({ id: inboundFailures.id });
  return rows.length > 0;
}
