/** The package's public API besides startQuickBooksSandbox (re-exported from index.ts). */
export type { Change, Operation } from "./accounting/changes.ts";
export { type FaultSettings, NO_FAULTS } from "./accounting/inject.ts";
export {
  INTUIT_LATENCY,
  type LatencyInput,
  LatencyModel,
  type LatencySettings,
  latencyFromEnv,
  type Operation as LatencyOperation,
  type OperationLatency,
} from "./accounting/latency.ts";
export { type ParsedQuery, parseQuery, QueryError } from "./accounting/query.ts";
export type { EntityName } from "./accounting/records.ts";
export { dumpCompany, type Json, render } from "./accounting/render.ts";
export { CompanyStore } from "./accounting/store.ts";
export { INTUIT_THROTTLE, type ThrottleSettings } from "./accounting/throttle.ts";
export {
  ControlError,
  type CreditMemoInput,
  type CustomerInput,
  type InvoiceInput,
  type IssuedTokens,
  type PaymentInput,
  type RealmSummary,
  SandboxControl,
} from "./control.ts";
export type { GenerateOptions } from "./data/common.ts";
export { generateLargeCompany, LARGE_COMPANY, type LargeCompanySize } from "./data/large.ts";
/** The vocabulary of generated business names (benchmarks generate more companies with it). */
export { BUSINESS_KINDS, BUSINESS_WORDS } from "./data/names.ts";
export { generateSampleCompany, SAMPLE_CUSTOMERS, SAMPLE_PLAN } from "./data/sample.ts";
export { type CompanySummary, summarize } from "./data/summary.ts";
export type { InvoiceLinkAnswer } from "./pay/control.ts";
export type { CompanyData, CompanySpec } from "./realms.ts";
export { signWebhook, type WebhookDelivery, type WebhookOptions } from "./webhooks.ts";
