import type { TestProject } from "vitest/node";
import { startStack } from "./stack.ts";

declare module "vitest" {
  export interface ProvidedContext {
    appUrl: string;
    inboxUrl: string;
    googleIssuer: string;
    quickbooksUrl: string;
    stripeUrl: string;
    stripeSecretKey: string;
  }
}

/** One running stack for the whole browser run; every test makes its own unique users. */
export default async function setup(project: TestProject) {
  const stack = await startStack();
  project.provide("appUrl", stack.appUrl);
  project.provide("inboxUrl", stack.inboxUrl);
  project.provide("googleIssuer", stack.googleIssuer);
  project.provide("quickbooksUrl", stack.quickbooksUrl);
  project.provide("stripeUrl", stack.stripeUrl);
  project.provide("stripeSecretKey", stack.stripeSecretKey);
  return () => stack.close();
}
