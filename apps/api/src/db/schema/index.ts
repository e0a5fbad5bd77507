export * from "./billing.ts";
export * from "./collections.ts";
export * from "./communications.ts";
export * from "./companies.ts";
export * from "./identity.ts";
export * from "./inbound-failures.ts";
export * from "./quickbooks.ts";
export * from "./reminders.ts";
