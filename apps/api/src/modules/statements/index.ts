/** Statements of account (decision 0019): a customer's PDF, sent by hand or monthly through an outbox. */
export { deliverStatement } from "./deliver.service.ts";
export { planCompanyStatements, planStatements } from "./monthly.service.ts";
export { statementsRoutes } from "./statements.routes.ts";
