export { customersRoutes } from "./customers.routes.ts";
