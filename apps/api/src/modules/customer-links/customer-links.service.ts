import { CUSTOMER_LINK_TTL_DAYS, customerPageMessages, errorCodes } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { findLink, insertLinks } from "./customer-links.repository.ts";

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
  const [link] = await mintCustomerLinks(ctx, [{ target, id: opts.id }], opts.db);
  return link!;
}

/** `mintCustomerLink` for several emails at once: one statement, the links in the order given. */
export async function mintCustomerLinks(
  ctx: AppContext,
  links: readonly { target: CustomerLinkTarget; id?: string | undefined }[],
  db: DbOrTx = ctx.db,
) {
  if (links.length === 0) return [];
  const expiresAt = new Date(ctx.now().getTime() + CUSTOMER_LINK_TTL_DAYS * DAY_MS);
  const minted = links.map((l) => ({ ...ctx.linkTokens.mint(l.id), target: l.target }));
  await insertLinks(
    db,
    minted.map(({ id, target }) => ({ id, ...target, expiresAt })),
  );
  return minted.map(({ token }) => `${ctx.config.appUrl}/pay/${token}`);
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
