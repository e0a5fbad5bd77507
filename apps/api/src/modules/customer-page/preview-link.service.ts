import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/errors.ts";
import { mintCustomerLink } from "../customer-links/index.ts";
import { customerExists } from "../receivables/index.ts";

/** A new link to one of the company's customers' page, so the company sees what its customer sees. */
export async function previewLink(ctx: AppContext, companyId: string, customerRef: string) {
  if (!(await customerExists(ctx.db, companyId, customerRef))) throw notFound("No such customer.");
  return mintCustomerLink(ctx, { companyId, customerQbId: customerRef, invoiceQbId: null });
}
