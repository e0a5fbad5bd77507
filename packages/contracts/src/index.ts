export * from "./auth.ts";
export * from "./errors.ts";
export * from "./onboarding.ts";
export * from "./paths.ts";
export * from "./profile.ts";
export * from "./quickbooks.ts";
