export { accessToken, beginConnect, completeConnect } from "./connection.service.ts";
export { findConnection } from "./quickbooks.repository.ts";
export { quickbooksRoutes } from "./quickbooks.routes.ts";
export { releaseAbandonedLeases, runSafetySync, runSync } from "./sync.service.ts";
export { webhookRoutes } from "./webhook.routes.ts";
