/** The rows behind the customer page's links, read with what decides whether a link still opens. */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { jsonRowsInsert } from "../../db/json-rows.ts";
import { customerLinks, customers, qboConnections } from "../../db/schema/index.ts";

/** A send batch's links in one statement, as one JSON parameter (`db/json-rows.ts`). */
export async function insertLinks(
  db: DbOrTx,
  links: {
    id: string;
    companyId: string;
    customerQbId: string;
    invoiceQbId: string | null;
    expiresAt: Date;
  }[],
) {
  if (links.length === 0) return;
  await db.execute(
    sql`insert into ${customerLinks} ${jsonRowsInsert(customerLinks, links)} on conflict (${sql.identifier("id")}) do nothing`,
  );
}

/**
 * A link with its customer's deletion (or absence: the company's data deleted) and its company's
 * QuickBooks connection: whether it is disconnected, and when it last ended (disconnected, or
 * replaced by another QuickBooks company).
 */
export async function findLink(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      companyId: customerLinks.companyId,
      customerQbId: customerLinks.customerQbId,
      invoiceQbId: customerLinks.invoiceQbId,
      createdAt: customerLinks.createdAt,
      expiresAt: customerLinks.expiresAt,
      revokedAt: customerLinks.revokedAt,
      customerDeletedAt: customers.deletedAt,
      customerFound: customers.qbId,
      /** QuickBooks 'deletes' a customer by making it inactive. */
      customerActive: customers.active,
      connection: qboConnections.status,
      connectionEndedAt: qboConnections.endedAt,
    })
    .from(customerLinks)
    .leftJoin(
      customers,
      and(eq(customers.companyId, customerLinks.companyId), eq(customers.qbId, customerLinks.customerQbId)),
    )
    .leftJoin(qboConnections, eq(qboConnections.companyId, customerLinks.companyId))
    .where(eq(customerLinks.id, id));
  return row;
}

/** Revokes every link to a customer's page, or (without `customerQbId`) to any of the company's. */
export function revokeLinks(db: DbOrTx, companyId: string, at: Date, customerQbId?: string) {
  return db
    .update(customerLinks)
    .set({ revokedAt: at })
    .where(
      and(
        eq(customerLinks.companyId, companyId),
        customerQbId === undefined ? undefined : eq(customerLinks.customerQbId, customerQbId),
        isNull(customerLinks.revokedAt),
      ),
    );
}
