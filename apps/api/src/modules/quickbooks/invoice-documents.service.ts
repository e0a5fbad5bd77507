import type { AppContext } from "../../context.ts";
import { fetchInvoicePdf, invoicePdfBytes } from "../../integrations/quickbooks/invoice-pdf.ts";
import { accessToken } from "./access.service.ts";

/** How long QuickBooks has to start sending a PDF a person is waiting for. */
const PDF_TIMEOUT_MS = 30_000;

const request = async (ctx: AppContext, companyId: string, invoiceId: string, timeoutMs: number) => {
  const { token, realmId } = await accessToken(ctx, companyId);
  return {
    baseUrl: ctx.config.quickbooks.apiUrl,
    minorVersion: ctx.config.quickbooks.minorVersion,
    realmId,
    accessToken: token,
    invoiceId,
    timeoutMs,
  };
};

/** An invoice's PDF from QuickBooks, streamed to whoever asked (never stored). */
export async function streamInvoicePdf(ctx: AppContext, companyId: string, invoiceId: string) {
  return fetchInvoicePdf(await request(ctx, companyId, invoiceId, PDF_TIMEOUT_MS));
}

/** An invoice's PDF in memory, for a reminder's attachment, if QuickBooks sends it within `timeoutMs`. */
export async function invoicePdfAttachment(
  ctx: AppContext,
  companyId: string,
  invoiceId: string,
  timeoutMs: number,
) {
  return invoicePdfBytes(await request(ctx, companyId, invoiceId, timeoutMs));
}

/** How long the customer page waits for QuickBooks' pay links before showing the page without them. */
const PAY_LINKS_WAIT_MS = 5_000;

/**
 * QuickBooks' 'view and pay' links of a customer's open invoices, read live (CDC does not carry
 * them); an empty map when QuickBooks is not connected, fails, or takes too long.
 */
export async function openInvoiceLinks(ctx: AppContext, companyId: string, customerQbId: string) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Map<string, string>>((resolve) => {
    timer = setTimeout(() => resolve(new Map()), PAY_LINKS_WAIT_MS);
  });
  const read = (async () => {
    const { token, realmId } = await accessToken(ctx, companyId);
    return ctx.qbo.api.openInvoiceLinks(realmId, token, customerQbId);
  })().catch(() => new Map<string, string>());
  try {
    return await Promise.race([read, late]);
  } finally {
    clearTimeout(timer);
  }
}
