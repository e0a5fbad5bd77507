export { accessToken } from "./access.service.ts";
export { beginConnect, completeConnect } from "./connection.service.ts";
export { findConnection } from "./connections.repository.ts";
export { quickbooksRoutes } from "./quickbooks.routes.ts";
export { runSync } from "./sync.service.ts";
export { releaseAbandonedLeases, runSafetySync } from "./sync-upkeep.ts";
export { webhookRoutes } from "./webhook.routes.ts";
