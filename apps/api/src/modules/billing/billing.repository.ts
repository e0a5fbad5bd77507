import { and, asc, eq, isNull, lt, lte, ne, or } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { billingEvents, companies, subscriptions, users } from "../../db/schema/index.ts";

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** What a read of the provider writes: the subscription's state, in the app's time. */
export type ProviderState = Partial<
  Pick<
    typeof subscriptions.$inferInsert,
    | "status"
    | "planName"
    | "trialEnd"
    | "currentPeriodEnd"
    | "cancelAt"
    | "amountCents"
    | "currency"
    | "interval"
    | "usageLimit"
    | "providerSubscriptionId"
    | "providerPriceId"
    | "clockOffsetSeconds"
  >
>;

export async function findSubscription(db: DbOrTx, companyId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.companyId, companyId));
  return row;
}

export async function companyByCustomer(db: DbOrTx, customerId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ companyId: subscriptions.companyId })
    .from(subscriptions)
    .where(eq(subscriptions.providerCustomerId, customerId));
  return row?.companyId;
}

export async function companiesByTestClock(db: DbOrTx, clockId: string): Promise<string[]> {
  const rows = await db
    .select({ companyId: subscriptions.companyId })
    .from(subscriptions)
    .where(eq(subscriptions.providerTestClockId, clockId));
  return rows.map((r) => r.companyId);
}

/** The company and its first user (the owner): who the provider's customer is. */
export async function companyOwner(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select({ companyName: companies.name, email: users.email, name: users.name })
    .from(companies)
    .leftJoin(users, eq(users.companyId, companies.id))
    .where(eq(companies.id, companyId))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return row;
}

/** Records the provider's customer once; answers the one stored (this one, or a racing writer's). */
export async function setProviderCustomer(
  db: DbOrTx,
  companyId: string,
  customerId: string,
  testClockId: string | null,
): Promise<string | null> {
  await db
    .update(subscriptions)
    .set({ providerCustomerId: customerId, providerTestClockId: testClockId, updatedAt: new Date() })
    .where(and(eq(subscriptions.companyId, companyId), isNull(subscriptions.providerCustomerId)));
  return (await findSubscription(db, companyId))?.providerCustomerId ?? null;
}

/**
 * Writes what the provider said at `readAt`, unless a read that started later has already been
 * written: two syncs racing never leave the older answer behind.
 */
export async function writeProviderState(
  db: DbOrTx,
  companyId: string,
  state: ProviderState,
  readAt: Date,
): Promise<boolean> {
  const rows = await db
    .update(subscriptions)
    .set({ ...state, providerReadAt: readAt, updatedAt: new Date() })
    .where(
      and(
        eq(subscriptions.companyId, companyId),
        or(isNull(subscriptions.providerReadAt), lte(subscriptions.providerReadAt, readAt)),
      ),
    )
    .returning({ id: subscriptions.id });
  return rows.length > 0;
}

/** True the first time an event id is seen (the caller's transaction holds its effect). */
export async function firstDelivery(db: DbOrTx, event: typeof billingEvents.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(billingEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: billingEvents.eventId });
  return rows.length > 0;
}

/**
 * Forgets the events received before `before`. The provider redelivers an event for at most three
 * days, and handling one twice is harmless anyway (its effect is a read of the subscription): the
 * ids only need to outlive the redeliveries.
 */
export async function pruneBillingEvents(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .delete(billingEvents)
    .where(lt(billingEvents.receivedAt, before))
    .returning({ id: billingEvents.eventId });
  return rows.length;
}

/** True once a month: the month whose usage-limit email is to be sent now. */
export async function claimLimitNotice(db: DbOrTx, companyId: string, month: string): Promise<boolean> {
  const rows = await db
    .update(subscriptions)
    .set({ limitNoticeMonth: month })
    .where(
      and(
        eq(subscriptions.companyId, companyId),
        or(isNull(subscriptions.limitNoticeMonth), ne(subscriptions.limitNoticeMonth, month)),
      ),
    )
    .returning({ id: subscriptions.id });
  return rows.length > 0;
}
