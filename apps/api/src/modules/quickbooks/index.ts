export { MAX_INVOICE_PDF_BYTES, PdfTooLarge } from "../../integrations/quickbooks/invoice-pdf.ts";
export { QboError } from "../../integrations/quickbooks/qbo-api.ts";
export { accessToken, beginConnect, completeConnect, QboNotConnected } from "./connection.service.ts";
export { invoicePdfAttachment, openInvoiceLinks, streamInvoicePdf } from "./invoice-documents.service.ts";
export { findConnection } from "./quickbooks.repository.ts";
export { quickbooksRoutes } from "./quickbooks.routes.ts";
export { releaseAbandonedLeases, runSafetySync, runSync } from "./sync.service.ts";
export { webhookRoutes } from "./webhook.routes.ts";
