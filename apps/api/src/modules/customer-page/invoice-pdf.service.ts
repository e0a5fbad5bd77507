import { customerPageMessages, errorCodes } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { openCustomerLink } from "../customer-links/index.ts";
import {
  invoicePdfFilename,
  PdfTooLarge,
  QboError,
  QboNotConnected,
  streamInvoicePdf,
} from "../quickbooks/index.ts";
import { findCustomerInvoice } from "./customer-page.repository.ts";

/**
 * 'Download PDF' on the customer page: one of this customer's invoices, streamed from QuickBooks.
 * Another customer's invoice is 404, as if it did not exist; QuickBooks failing is 502, a PDF over
 * 10 MB 413, each with a message the page shows.
 */
export async function customerInvoicePdf(ctx: AppContext, token: string, invoiceId: string) {
  const link = await openCustomerLink(ctx, token);
  const invoice = await findCustomerInvoice(ctx.db, link.companyId, link.customerQbId, invoiceId);
  if (!invoice) throw notFound("This invoice is not on this page.");
  try {
    const pdf = await streamInvoicePdf(ctx, link.companyId, invoice.id);
    return { ...pdf, filename: invoicePdfFilename(invoice.number ?? invoice.id) };
  } catch (err) {
    if (err instanceof PdfTooLarge)
      throw new AppError(413, errorCodes.payloadTooLarge, customerPageMessages.pdfTooLarge);
    if (err instanceof QboError || err instanceof QboNotConnected)
      throw new AppError(502, errorCodes.unavailable, customerPageMessages.pdfUnavailable);
    throw err;
  }
}
