export * from "./companies.ts";
export * from "./identity.ts";
