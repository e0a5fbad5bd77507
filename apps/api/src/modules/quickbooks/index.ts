export {
  invoicePdfFilename,
  MAX_INVOICE_PDF_BYTES,
  PdfTooLarge,
} from "../../integrations/quickbooks/invoice-pdf.ts";
export { QboError } from "../../integrations/quickbooks/qbo-api.ts";
export { accessToken, QboNotConnected } from "./access.service.ts";
export { callBudget, INTUIT_LIMITS } from "./call-budget.ts";
export { beginConnect, completeConnect } from "./connection.service.ts";
export { findConnection } from "./connections.repository.ts";
export { invoicePdfAttachment, openInvoiceLinks, streamInvoicePdf } from "./invoice-documents.service.ts";
export { quickbooksRoutes } from "./quickbooks.routes.ts";
export { runSync } from "./sync.service.ts";
export { releaseAbandonedLeases, runSafetySync } from "./sync-upkeep.ts";
export { webhookRoutes } from "./webhook.routes.ts";
