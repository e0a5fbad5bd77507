import { customerRoutes } from "./customers.ts";
import { eventRoutes } from "./events.ts";
import { invoiceRoutes } from "./invoices.ts";
import { paymentMethodRoutes } from "./payment-methods.ts";
import { portalRoutes } from "./portal.ts";
import { priceRoutes } from "./prices.ts";
import { productRoutes } from "./products.ts";
import type { ApiRoute } from "./route.ts";
import { subscriptionRoutes } from "./subscriptions.ts";
import { testClockRoutes } from "./test-clocks.ts";

export const apiRoutes: ApiRoute[] = [
  ...customerRoutes,
  ...productRoutes,
  ...priceRoutes,
  ...subscriptionRoutes,
  ...invoiceRoutes,
  ...paymentMethodRoutes,
  ...testClockRoutes,
  ...portalRoutes,
  ...eventRoutes,
];
