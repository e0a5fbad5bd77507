/** The company's mailbox row: its settings, the reader's place in the folder, and the reader's lease. */
import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { companyMailboxes } from "../../db/schema/index.ts";

export type MailboxRow = typeof companyMailboxes.$inferSelect;
export type NewMailbox = typeof companyMailboxes.$inferInsert;

export async function findMailbox(db: DbOrTx, companyId: string) {
  const [row] = await db.select().from(companyMailboxes).where(eq(companyMailboxes.companyId, companyId));
  return row;
}

/** Connects (or reconnects) the company's mailbox: a fresh place and counts, no reader yet. */
export async function saveMailbox(db: DbOrTx, row: NewMailbox) {
  const fresh = {
    ...row,
    messagesRead: 0,
    keptAside: 0,
    lastReadAt: null,
    readThrough: null,
    errorReason: null,
    errorMessage: null,
    errorAt: null,
    leaseOwner: null,
    leaseUntil: null,
    updatedAt: sql`now()`,
  };
  await db
    .insert(companyMailboxes)
    .values(fresh)
    .onConflictDoUpdate({ target: companyMailboxes.companyId, set: fresh });
}

export async function deleteMailbox(db: DbOrTx, companyId: string) {
  const rows = await db
    .delete(companyMailboxes)
    .where(eq(companyMailboxes.companyId, companyId))
    .returning({ companyId: companyMailboxes.companyId });
  return rows.length > 0;
}

const free = (owner: string) =>
  or(
    isNull(companyMailboxes.leaseUntil),
    lt(companyMailboxes.leaseUntil, sql`now()`),
    eq(companyMailboxes.leaseOwner, owner),
  );

/** Mailboxes no live reader holds (or this owner's own): the ones a reader may start on. */
export async function unreadMailboxes(db: DbOrTx, owner: string) {
  const rows = await db
    .select({ companyId: companyMailboxes.companyId })
    .from(companyMailboxes)
    .where(free(owner));
  return rows.map((r) => r.companyId);
}

/** Takes the mailbox's lease when it is free or its holder let it run out; only one holder at a time. */
export async function acquireLease(db: DbOrTx, companyId: string, owner: string, seconds: number) {
  const rows = await db
    .update(companyMailboxes)
    .set({ leaseOwner: owner, leaseUntil: sql`now() + make_interval(secs => ${seconds})` })
    .where(and(eq(companyMailboxes.companyId, companyId), free(owner)))
    .returning();
  return rows[0];
}

/** Extends the lease for its holder only; false once it was lost (taken over, or disconnected). */
export async function renewLease(db: DbOrTx, companyId: string, owner: string, seconds: number) {
  const rows = await db
    .update(companyMailboxes)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${seconds})` })
    .where(and(eq(companyMailboxes.companyId, companyId), eq(companyMailboxes.leaseOwner, owner)))
    .returning({ companyId: companyMailboxes.companyId });
  return rows.length === 1;
}

export async function releaseLease(db: DbOrTx, companyId: string, owner: string) {
  await db
    .update(companyMailboxes)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(and(eq(companyMailboxes.companyId, companyId), eq(companyMailboxes.leaseOwner, owner)));
}

/** Frees every mailbox's lease: for a process that alone holds the (embedded) database. */
export async function releaseAllLeases(db: DbOrTx) {
  await db
    .update(companyMailboxes)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(isNotNull(companyMailboxes.leaseOwner));
}

/** The holder's view of its mailbox; undefined once the lease is not its own. */
export async function heldMailbox(db: DbOrTx, companyId: string, owner: string) {
  const [row] = await db
    .select()
    .from(companyMailboxes)
    .where(and(eq(companyMailboxes.companyId, companyId), eq(companyMailboxes.leaseOwner, owner)));
  return row;
}

/**
 * Moves the reader's place (and counts what it took in), for the lease holder only: false when the
 * lease was lost, and the caller stops.
 */
export async function advance(
  db: DbOrTx,
  companyId: string,
  owner: string,
  place: {
    uidValidity: number | null;
    lastUid: number;
    readThrough?: Date | null;
    read?: number;
    keptAside?: number;
  },
) {
  const rows = await db
    .update(companyMailboxes)
    .set({
      uidValidity: place.uidValidity,
      lastUid: place.lastUid,
      ...(place.readThrough ? { readThrough: place.readThrough } : {}),
      messagesRead: sql`${companyMailboxes.messagesRead} + ${place.read ?? 0}`,
      keptAside: sql`${companyMailboxes.keptAside} + ${place.keptAside ?? 0}`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(companyMailboxes.companyId, companyId), eq(companyMailboxes.leaseOwner, owner)))
    .returning({ companyId: companyMailboxes.companyId });
  return rows.length === 1;
}

/** The reader went through the folder: connected, no error. */
export async function markRead(db: DbOrTx, companyId: string, owner: string, at: Date) {
  await db
    .update(companyMailboxes)
    .set({ status: "connected", lastReadAt: at, errorReason: null, errorMessage: null, errorAt: null })
    .where(and(eq(companyMailboxes.companyId, companyId), eq(companyMailboxes.leaseOwner, owner)));
}

export async function markFailed(
  db: DbOrTx,
  companyId: string,
  owner: string,
  error: { reason: string; message: string; at: Date },
) {
  await db
    .update(companyMailboxes)
    .set({ status: "error", errorReason: error.reason, errorMessage: error.message, errorAt: error.at })
    .where(and(eq(companyMailboxes.companyId, companyId), eq(companyMailboxes.leaseOwner, owner)));
}

/** The mailboxes' addresses and whether they take plus-addresses, for Reply-To. */
export async function replyMailbox(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select({ address: companyMailboxes.address, plusAddressing: companyMailboxes.plusAddressing })
    .from(companyMailboxes)
    .where(eq(companyMailboxes.companyId, companyId));
  return row;
}
