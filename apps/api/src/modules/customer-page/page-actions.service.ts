/**
 * The customer's own actions on their page: a promise to pay (one invoice or several) and a
 * dispute. Only this customer's open invoices; another's is 404, as if it did not exist.
 */
import { customerPageMessages, type DisputeRequest, type PromiseRequest } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/errors.ts";
import { recordDispute, recordPromise } from "../communications/index.ts";
import { openCustomerLink } from "../customer-links/index.ts";
import { companyToday, customerInvoices } from "../receivables/index.ts";

const noSuchInvoice = () => notFound("This invoice is not open on this page.");
const customer = { source: "customer_page", userId: null } as const;

async function openInvoicesOf(ctx: AppContext, token: string) {
  const link = await openCustomerLink(ctx, token);
  const { today } = await companyToday(ctx, link.companyId);
  const ledger = await customerInvoices(ctx.db, link.companyId, link.customerQbId, today);
  return { companyId: link.companyId, today, open: new Map(ledger.open.map((i) => [i.id, i])) };
}

export async function pagePromise(ctx: AppContext, token: string, body: PromiseRequest) {
  const { companyId, today, open } = await openInvoicesOf(ctx, token);
  const ids = [...new Set(body.invoiceIds)];
  const invoices = ids.map((id) => open.get(id));
  if (invoices.some((i) => !i)) throw noSuchInvoice();
  await recordPromise(
    ctx,
    companyId,
    invoices.map((i) => i!),
    {
      ...customer,
      date: body.date,
      note: body.note || null,
      today,
    },
  );
  return { message: customerPageMessages.promiseRecorded };
}

export async function pageDispute(ctx: AppContext, token: string, body: DisputeRequest) {
  const { companyId, open } = await openInvoicesOf(ctx, token);
  const invoice = open.get(body.invoiceId);
  if (!invoice) throw noSuchInvoice();
  await recordDispute(ctx, companyId, invoice, { ...customer, reason: body.reason, message: body.message });
  return { message: customerPageMessages.disputeRecorded };
}
