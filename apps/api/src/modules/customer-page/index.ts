/** The customer page (`/pay/<token>`): one customer's invoices, their PDFs, and QuickBooks' pay links. */
export { customerPageRoutes } from "./customer-page.routes.ts";
export { customerPageLinkRoutes } from "./preview-link.routes.ts";
