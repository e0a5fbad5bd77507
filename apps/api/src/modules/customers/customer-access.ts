/** A customer as the spec's calls name it, checked to be the caller's and to exist. */
import type { AppContext } from "../../context.ts";
import { forbidden, notFound } from "../../lib/errors.ts";
import { findConnection } from "../quickbooks/index.ts";
import { findCustomer } from "./customer-detail.repository.ts";

/** A customer as the spec's calls name it: its QuickBooks company and its id there. */
export type CustomerOf = { realmId: string; customerRef: string };

/**
 * The customer calls name the company by its QuickBooks realm: it must be the one the caller's
 * company is linked to (whatever the connection's state: its synced data stays readable).
 */
export async function assertOwnRealm(ctx: AppContext, companyId: string, realmId: string) {
  if ((await findConnection(ctx.db, companyId))?.realmId !== realmId) throw forbidden();
}

export async function existingCustomer(ctx: AppContext, companyId: string, customerRef: string) {
  const found = await findCustomer(ctx.db, companyId, customerRef);
  if (!found) throw notFound("No such customer.");
  return found;
}

/** The customer a change names: of the caller's realm, and there. */
export async function ownCustomer(ctx: AppContext, companyId: string, { realmId, customerRef }: CustomerOf) {
  await assertOwnRealm(ctx, companyId, realmId);
  return existingCustomer(ctx, companyId, customerRef);
}
