import { apiPaths } from "@recoup/contracts";

const withToken = (path: string, token: string) => path.replace(":token", encodeURIComponent(token));

/** GET /v1/pay/:token: the customer's page. */
export const customerPagePath = (token: string) => withToken(apiPaths.pay.page, token);

/** GET /v1/pay/:token/invoices/:invoiceId/pdf: one invoice's PDF, streamed from QuickBooks. */
export const invoicePdfPath = (token: string, invoiceId: string) =>
  withToken(apiPaths.pay.pdf, token).replace(":invoiceId", encodeURIComponent(invoiceId));

/** POST /v1/pay/:token/promise: a promise to pay one or more open invoices by a date. */
export const promisePath = (token: string) => withToken(apiPaths.pay.promise, token);

/** POST /v1/pay/:token/dispute: what is wrong with one open invoice. */
export const disputePath = (token: string) => withToken(apiPaths.pay.dispute, token);
