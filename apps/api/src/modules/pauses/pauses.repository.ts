/**
 * Pauses hold an invoice's or a customer's reminders back: a person's, or an automatic one set by
 * a reply, an absence or a bounce. Communications sets and lifts the automatic ones; reminders
 * reads them when planning and manages a person's.
 */
import { and, eq, gt, inArray, isNull, or } from "drizzle-orm";
import { anyOf } from "../../db/any-of.ts";
import type { DbOrTx } from "../../db/client.ts";
import { reminderPauses } from "../../db/schema/index.ts";

export type PauseScope = "invoice" | "customer";

export async function upsertPause(
  db: DbOrTx,
  p: { companyId: string; scope: PauseScope; targetQbId: string; until: string | null; createdBy: string },
) {
  const [row] = await db
    .insert(reminderPauses)
    .values(p)
    .onConflictDoUpdate({
      target: [reminderPauses.companyId, reminderPauses.scope, reminderPauses.targetQbId],
      // A person's pause replaces whatever paused the target before.
      set: { until: p.until, reason: "manual", detail: null, createdBy: p.createdBy, createdAt: new Date() },
    })
    .returning();
  return row!;
}

export async function deletePause(db: DbOrTx, companyId: string, scope: PauseScope, targetQbId: string) {
  const rows = await db
    .delete(reminderPauses)
    .where(
      and(
        eq(reminderPauses.companyId, companyId),
        eq(reminderPauses.scope, scope),
        eq(reminderPauses.targetQbId, targetQbId),
      ),
    )
    .returning({ id: reminderPauses.id });
  return rows.length > 0;
}

/**
 * The pauses in force on `today` (local date): without an end, or ending later. With targets,
 * only those on these invoices or customers.
 */
export function activePauses(
  db: DbOrTx,
  companyId: string,
  today: string,
  targets?: { invoiceIds: string[]; customerRefs: string[] },
) {
  const inForce = or(isNull(reminderPauses.until), gt(reminderPauses.until, today));
  const onTargets = targets
    ? or(
        and(eq(reminderPauses.scope, "invoice"), anyOf(reminderPauses.targetQbId, targets.invoiceIds)),
        and(eq(reminderPauses.scope, "customer"), anyOf(reminderPauses.targetQbId, targets.customerRefs)),
      )
    : undefined;
  return db
    .select()
    .from(reminderPauses)
    .where(and(eq(reminderPauses.companyId, companyId), inForce, onTargets))
    .orderBy(reminderPauses.createdAt);
}
export type PauseRow = Awaited<ReturnType<typeof activePauses>>[number];

type AutomaticReason = "reply" | "away" | "bounce";
/** Which pause wins when one is already there: a person's pause is never replaced by a reply's. */
const STRENGTH: Record<string, number> = { away: 1, reply: 2, manual: 3, bounce: 4 };

/**
 * Pauses reminders for a reply, an absence or a bounce, unless a stronger pause is in place
 * (a bounce outranks everything; a person's pause outranks replies and absences).
 */
export async function pauseFor(
  db: DbOrTx,
  p: {
    companyId: string;
    scope: PauseScope;
    targetQbId: string;
    reason: AutomaticReason;
    until: string | null;
    detail: string | null;
  },
) {
  const [existing] = await db
    .select()
    .from(reminderPauses)
    .where(
      and(
        eq(reminderPauses.companyId, p.companyId),
        eq(reminderPauses.scope, p.scope),
        eq(reminderPauses.targetQbId, p.targetQbId),
      ),
    )
    .for("update");
  if (existing && STRENGTH[existing.reason]! > STRENGTH[p.reason]!) return;
  await db
    .insert(reminderPauses)
    .values({ ...p, createdBy: null })
    .onConflictDoUpdate({
      target: [reminderPauses.companyId, reminderPauses.scope, reminderPauses.targetQbId],
      set: { until: p.until, reason: p.reason, detail: p.detail, createdBy: null, createdAt: new Date() },
    });
}

/** Lifts the pause a reply set on an invoice (not a person's). */
export async function liftReplyPause(db: DbOrTx, companyId: string, invoiceId: string) {
  await db
    .delete(reminderPauses)
    .where(
      and(
        eq(reminderPauses.companyId, companyId),
        eq(reminderPauses.scope, "invoice"),
        eq(reminderPauses.targetQbId, invoiceId),
        eq(reminderPauses.reason, "reply"),
      ),
    );
}

/** The automatic pauses (away, bounce) on these customers. */
export function customerPauses(db: DbOrTx, companyId: string, customerRefs: string[]) {
  if (customerRefs.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(reminderPauses)
    .where(
      and(
        eq(reminderPauses.companyId, companyId),
        eq(reminderPauses.scope, "customer"),
        anyOf(reminderPauses.targetQbId, customerRefs),
        inArray(reminderPauses.reason, ["away", "bounce"]),
      ),
    );
}
