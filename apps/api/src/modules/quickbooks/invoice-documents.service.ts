import type { AppContext } from "../../context.ts";
import { pdfBytes } from "../../integrations/quickbooks/invoice-pdf.ts";
import { accessToken } from "./access.service.ts";

/** How long QuickBooks has to start sending a PDF a person is waiting for. */
const PDF_TIMEOUT_MS = 30_000;

async function pdf(ctx: AppContext, companyId: string, invoiceId: string, timeoutMs: number) {
  const { token, realmId } = await accessToken(ctx, companyId);
  return ctx.qbo.api.invoicePdf(realmId, token, invoiceId, timeoutMs);
}

/** An invoice's PDF from QuickBooks, streamed to whoever asked (never stored). */
export function streamInvoicePdf(ctx: AppContext, companyId: string, invoiceId: string) {
  return pdf(ctx, companyId, invoiceId, PDF_TIMEOUT_MS);
}

/** An invoice's PDF in memory, for a reminder's attachment, if QuickBooks sends it within `timeoutMs`. */
export async function invoicePdfAttachment(
  ctx: AppContext,
  companyId: string,
  invoiceId: string,
  timeoutMs: number,
) {
  return pdfBytes(await pdf(ctx, companyId, invoiceId, timeoutMs));
}

/** How long the customer page waits for QuickBooks' pay links before showing the page without them. */
const PAY_LINKS_WAIT_MS = 5_000;

/**
 * QuickBooks' 'view and pay' links of a customer's open invoices, read live (CDC does not carry
 * them); an empty map when QuickBooks is not connected, fails, or takes too long (one try of at
 * most 5 s: the customer is waiting).
 */
export async function openInvoiceLinks(ctx: AppContext, companyId: string, customerQbId: string) {
  try {
    const { token, realmId } = await accessToken(ctx, companyId);
    return await ctx.qbo.api.openInvoiceLinks(realmId, token, customerQbId, {
      timeoutMs: PAY_LINKS_WAIT_MS,
      maxRetries: 0,
    });
  } catch {
    return new Map<string, string>();
  }
}
