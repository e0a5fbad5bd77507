export { pruneBillingEvents } from "./billing.repository.ts";
export { billingRoutes } from "./billing.routes.ts";
export { billingGate } from "./gate.service.ts";
export { provisionSubscription, syncSubscription } from "./subscription-sync.service.ts";
export { stripeWebhookRoutes } from "./webhook.routes.ts";
