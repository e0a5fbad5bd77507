export { agingBatches } from "./aging.repository.ts";
export { invoicesRoutes } from "./invoices.routes.ts";
