export { authRoutes } from "./auth.routes.ts";
export { type AuthUser, currentCompanyId, currentUser } from "./authenticate.ts";
export { deliverCode } from "./code-emails.ts";
export { deliverLoginCode } from "./login-code.ts";
export { oauthRoutes } from "./oauth.routes.ts";
export { pruneCounters } from "./rate-counters.repository.ts";
export { databaseRateStore } from "./rate-limit-store.ts";
export { assertOwnNames, tenantScope } from "./tenant-scope.ts";
