import { apiPaths } from "@recoup/contracts";

/** GET /v1/pay/:token: the customer's page. */
export const customerPagePath = (token: string) =>
  apiPaths.pay.page.replace(":token", encodeURIComponent(token));

/** GET /v1/pay/:token/invoices/:invoiceId/pdf: one invoice's PDF, streamed from QuickBooks. */
export const invoicePdfPath = (token: string, invoiceId: string) =>
  apiPaths.pay.pdf
    .replace(":token", encodeURIComponent(token))
    .replace(":invoiceId", encodeURIComponent(invoiceId));
