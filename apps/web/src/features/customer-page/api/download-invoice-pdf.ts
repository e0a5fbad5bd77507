import { useMutation } from "@tanstack/react-query";

import { invoicePdfPath } from "@/features/customer-page/api/paths";
import { fetchFile, saveBlob } from "@/lib/download";

/**
 * GET /v1/pay/:token/invoices/:invoiceId/pdf, then hands the file to the browser as a download.
 * Fetched rather than followed as a plain link so that a refusal (413 too large, 502 QuickBooks
 * failed, 404/410 link) shows its message on the page instead of a failed download.
 */
export async function downloadInvoicePdf(token: string, invoice: { id: string; number: string }) {
  const { blob, filename } = await fetchFile(invoicePdfPath(token, invoice.id), {}, { auth: false });
  saveBlob(blob, filename ?? `Invoice-${invoice.number}.pdf`);
}

export function useDownloadInvoicePdf(token: string, invoice: { id: string; number: string }) {
  return useMutation({ mutationFn: () => downloadInvoicePdf(token, invoice) });
}
