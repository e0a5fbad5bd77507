/** A customer's contacts: read, written one by one from Customer Details, kept in step with QuickBooks page by page. */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { anyOf } from "../../db/any-of.ts";
import type { DbOrTx } from "../../db/client.ts";
import { touchCompanyData } from "../../db/data-version.ts";
import { jsonRowsInsert } from "../../db/json-rows.ts";
import { addressBounces, customerContacts, customers } from "../../db/schema/index.ts";

export type ContactRow = typeof customerContacts.$inferSelect;
export type ContactChange = Pick<ContactRow, "name" | "email" | "role">;

const ofCustomer = (companyId: string, customerRef: string) =>
  and(eq(customerContacts.companyId, companyId), eq(customerContacts.customerQbId, customerRef));

/**
 * QuickBooks' addresses first, the customer's first address (what QuickBooks bills) at the top;
 * then Recoup's, by when they were added.
 */
export async function listContacts(db: DbOrTx, companyId: string, customerRef: string) {
  const first = sql`(select lower(${customers.email}) from ${customers}
    where ${customers.companyId} = ${companyId} and ${customers.qbId} = ${customerRef})`;
  return db
    .select()
    .from(customerContacts)
    .where(ofCustomer(companyId, customerRef))
    .orderBy(
      desc(customerContacts.inQuickbooks),
      sql`${customerContacts.email} = ${first} desc nulls last`,
      asc(customerContacts.createdAt),
      asc(customerContacts.email),
    );
}

export async function findContact(db: DbOrTx, companyId: string, customerRef: string, id: string) {
  const [row] = await db
    .select()
    .from(customerContacts)
    .where(and(ofCustomer(companyId, customerRef), eq(customerContacts.id, id)))
    .for("update");
  return row;
}

/** A new Recoup contact; undefined when the customer already has the address. */
export async function insertContact(db: DbOrTx, companyId: string, customerRef: string, c: ContactChange) {
  const [row] = await db
    .insert(customerContacts)
    .values({ companyId, customerQbId: customerRef, ...c, source: "recoup" })
    .onConflictDoNothing()
    .returning({ id: customerContacts.id });
  if (row) await touchCompanyData(db, companyId);
  return row;
}

export async function updateContact(
  db: DbOrTx,
  companyId: string,
  id: string,
  change: Partial<ContactChange & Pick<ContactRow, "bouncedAt" | "bounceReason">>,
) {
  await db
    .update(customerContacts)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(customerContacts.companyId, companyId), eq(customerContacts.id, id)));
  await touchCompanyData(db, companyId);
}

export async function deleteContact(db: DbOrTx, companyId: string, id: string) {
  await db
    .delete(customerContacts)
    .where(and(eq(customerContacts.companyId, companyId), eq(customerContacts.id, id)));
  await touchCompanyData(db, companyId);
}

export async function countContacts(db: DbOrTx, companyId: string, customerRef: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(customerContacts)
    .where(ofCustomer(companyId, customerRef));
  return Number(row?.n ?? 0);
}

export async function addressTaken(db: DbOrTx, companyId: string, customerRef: string, email: string) {
  const [row] = await db
    .select({ id: customerContacts.id })
    .from(customerContacts)
    .where(and(ofCustomer(companyId, customerRef), eq(customerContacts.email, email)));
  return row?.id;
}

/**
 * The address bounced: remembered for the company (no reminder goes to it again, decision 0018),
 * and every contact of the company with it (whichever customer's) is marked bounced.
 */
export async function markAddressBounced(
  db: DbOrTx,
  companyId: string,
  email: string,
  reason: string | null,
  at: Date,
) {
  await db
    .insert(addressBounces)
    .values({ companyId, email, reason, bouncedAt: at })
    .onConflictDoUpdate({
      target: [addressBounces.companyId, addressBounces.email],
      set: { reason, bouncedAt: at },
    });
  const rows = await db
    .update(customerContacts)
    .set({ bouncedAt: at, bounceReason: reason, updatedAt: at })
    .where(and(eq(customerContacts.companyId, companyId), eq(customerContacts.email, email)))
    .returning({ id: customerContacts.id });
  if (rows.length) await touchCompanyData(db, companyId);
  return rows.length;
}

/** One customer as a page of the sync brings it: its addresses in QuickBooks now. */
export interface SyncedAddresses {
  customerRef: string;
  /** The version's LastUpdatedTime: only the version the customers table kept is applied. */
  updatedAt: Date;
  deleted: boolean;
  addresses: string[];
}

/**
 * A page of customers' QuickBooks addresses: each address becomes (or stays) a QuickBooks billing
 * contact, and one QuickBooks dropped is removed if the sync added it, or kept as Recoup's (no
 * longer in QuickBooks) if a user did. A stale version (older than the customer's stored one)
 * changes nothing. The page's contacts are read once and compared here, so a page costs a few
 * statements whatever its size.
 */
export async function syncQuickBooksAddresses(db: DbOrTx, companyId: string, page: SyncedAddresses[]) {
  if (page.length === 0) return;
  const live = page.filter((c) => !c.deleted);
  // The versions the customers table kept (a stale one lost to a newer row), read by primary key.
  const stored = live.length
    ? await db
        .select({ ref: customers.qbId, at: customers.qbUpdatedAt })
        .from(customers)
        .where(
          and(
            eq(customers.companyId, companyId),
            anyOf(
              customers.qbId,
              live.map((c) => c.customerRef),
            ),
          ),
        )
    : [];
  const storedAt = new Map(stored.map((r) => [r.ref, r.at.getTime()]));
  const current = new Set(
    live.filter((c) => storedAt.get(c.customerRef) === c.updatedAt.getTime()).map((c) => c.customerRef),
  );
  const refs = [...current, ...page.filter((c) => c.deleted).map((c) => c.customerRef)];
  if (refs.length === 0) return;
  const key = (ref: string, email: string) => `${ref} ${email}`;
  const wanted = live
    .filter((c) => current.has(c.customerRef))
    .flatMap((c) => c.addresses.map((email) => ({ ref: c.customerRef, email })));
  const existing = await db
    .select({
      id: customerContacts.id,
      ref: customerContacts.customerQbId,
      email: customerContacts.email,
      source: customerContacts.source,
      inQuickbooks: customerContacts.inQuickbooks,
    })
    .from(customerContacts)
    .where(and(eq(customerContacts.companyId, companyId), anyOf(customerContacts.customerQbId, refs)));
  const have = new Map(existing.map((r) => [key(r.ref, r.email), r]));
  const added = wanted.filter((p) => !have.get(key(p.ref, p.email))?.inQuickbooks);
  if (added.length) {
    // One JSON parameter: Drizzle's per-value `values()` was most of a customers page's write.
    const rows = added.map((p) => ({
      companyId,
      customerQbId: p.ref,
      email: p.email,
      role: "billing" as const,
      source: "quickbooks" as const,
      inQuickbooks: true,
    }));
    await db.execute(sql`insert into ${customerContacts} ${jsonRowsInsert(customerContacts, rows)}
      on conflict (company_id, customer_qb_id, email) do update set in_quickbooks = true, updated_at = now()`);
  }
  const still = new Set(wanted.map((p) => key(p.ref, p.email)));
  const dropped = existing.filter((r) => r.inQuickbooks && !still.has(key(r.ref, r.email)));
  const ids = (source: "quickbooks" | "recoup") =>
    dropped.filter((r) => r.source === source).map((r) => r.id);
  if (ids("quickbooks").length)
    await db.delete(customerContacts).where(anyOf(customerContacts.id, ids("quickbooks")));
  if (ids("recoup").length) {
    await db
      .update(customerContacts)
      .set({ inQuickbooks: false, updatedAt: new Date() })
      .where(anyOf(customerContacts.id, ids("recoup")));
  }
}

/** The synced records are gone (disconnected, or another QuickBooks company): so are QuickBooks' addresses. */
export async function forgetQuickBooksAddresses(db: DbOrTx, companyId: string) {
  const ofCompany = eq(customerContacts.companyId, companyId);
  await db.delete(customerContacts).where(and(ofCompany, eq(customerContacts.source, "quickbooks")));
  await db
    .update(customerContacts)
    .set({ inQuickbooks: false, updatedAt: new Date() })
    .where(and(ofCompany, eq(customerContacts.inQuickbooks, true)));
}
