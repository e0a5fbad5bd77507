import { CUSTOMER_LINK_TTL_DAYS, customerPageMessages, errorCodes } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { findLink, insertLink } from "./customer-links.repository.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whose page a link opens, and the invoice its email was about. */
export interface CustomerLinkTarget {
  companyId: string;
  customerQbId: string;
  invoiceQbId: string | null;
}

/**
 * A link to a customer's page for one email: `APP_URL/pay/<token>`, open for 90 days. With `id`
 * (a reminder's), the same link each time: a send repeated after a crash carries the same one.
 */
export async function mintCustomerLink(
  ctx: AppContext,
  target: CustomerLinkTarget,
  opts: { id?: string; db?: DbOrTx } = {},
) {
  const { id, token } = ctx.linkTokens.mint(opts.id);
  const db = opts.db ?? ctx.db;
  await insertLink(db, {
    id,
    ...target,
    expiresAt: new Date(ctx.now().getTime() + CUSTOMER_LINK_TTL_DAYS * DAY_MS),
  });
  return `${ctx.config.appUrl}/pay/${token}`;
}

const gone = (message: string) => new AppError(410, errorCodes.linkGone, message);

/**
 * The page a token opens. A malformed, forged or unknown token is 404; an expired one, or one
 * revoked (by hand, its customer deleted or made inactive in QuickBooks, the company disconnected
 * since it was made) is 410.
 */
export async function openCustomerLink(ctx: AppContext, token: string): Promise<CustomerLinkTarget> {
  const id = ctx.linkTokens.read(token);
  const link = id && (await findLink(ctx.db, id));
  if (!link) throw notFound(customerPageMessages.linkInvalid);
  if (link.expiresAt.getTime() <= ctx.now().getTime()) throw gone(customerPageMessages.linkExpired);
  // Disconnected now, or disconnected (or moved to another QuickBooks company) since the link was
  // made; a reconnect after an error is not an end.
  const disconnected =
    link.connection === null ||
    link.connection === "disconnected" ||
    (link.connectionEndedAt !== null && link.connectionEndedAt >= link.createdAt);
  const customerGone = link.customerDeletedAt || !link.customerFound || link.customerActive === false;
  if (link.revokedAt || customerGone || disconnected) throw gone(customerPageMessages.linkRevoked);
  return { companyId: link.companyId, customerQbId: link.customerQbId, invoiceQbId: link.invoiceQbId };
}
