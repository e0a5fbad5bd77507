import { clientFromEnv, stopOnSignal } from "@recoup/sandbox-http";
import { latencyFromEnv, startQuickBooksSandbox } from "./index.ts";

const env = process.env;
const client = clientFromEnv("QUICKBOOKS_SANDBOX", {
  client_id: "recoup-local-intuit-client",
  client_secret: "recoup-local-intuit-secret",
  redirect_uris: [
    "http://localhost:3000/v1/auth/oauth/intuit/callback",
    "http://localhost:5173/v1/auth/oauth/intuit/callback",
    "http://localhost:5173/callback/quickbooks",
    "http://localhost:5173/callback/intuit",
    "http://localhost:3000/callback/quickbooks",
    "http://localhost:3000/callback/intuit",
  ],
});

const sandbox = await startQuickBooksSandbox({
  port: env.QUICKBOOKS_SANDBOX_PORT ? Number(env.QUICKBOOKS_SANDBOX_PORT) : 4020,
  host: env.QUICKBOOKS_SANDBOX_HOST || "127.0.0.1",
  clients: [client],
  ...(env.QUICKBOOKS_SANDBOX_SEED ? { seed: Number(env.QUICKBOOKS_SANDBOX_SEED) } : {}),
  ...(env.QUICKBOOKS_SANDBOX_DATA_NOW ? { dataNow: env.QUICKBOOKS_SANDBOX_DATA_NOW } : {}),
  // QUICKBOOKS_SANDBOX_LARGE=1 adds a large company (10,000 customers, 100,000 invoices).
  ...(env.QUICKBOOKS_SANDBOX_LARGE
    ? { extraCompanies: [{ name: "Large Company", data: "large" as const }] }
    : {}),
  // QUICKBOOKS_SANDBOX_LATENCY=1 answers at Intuit's speed (0.1: ten times faster), with 504s and 5xx.
  latency: latencyFromEnv(env),
  ...(env.QUICKBOOKS_SANDBOX_WEBHOOK_URL
    ? {
        webhook: {
          url: env.QUICKBOOKS_SANDBOX_WEBHOOK_URL,
          verifierToken: env.QUICKBOOKS_SANDBOX_WEBHOOK_VERIFIER || "recoup-local-verifier-token",
        },
      }
    : {}),
});

console.log(`quickbooks sandbox: ${sandbox.baseUrl} (discovery ${sandbox.discoveryUrl})`);
console.log(`  client_id ${client.client_id}, redirect_uris ${client.redirect_uris.join(" ")}`);
console.log(
  `  accounting API ${sandbox.accountingBaseUrl}/v3/company/{realmId}/..., control ${sandbox.controlUrl}`,
);
const latency = sandbox.control.getLatency(undefined);
if (latency)
  console.log(`  latency model on (scale ${latency.scale}, 504 ${latency.rate504}, 5xx ${latency.rate5xx})`);
if (env.QUICKBOOKS_SANDBOX_WEBHOOK_URL) console.log(`  webhooks to ${env.QUICKBOOKS_SANDBOX_WEBHOOK_URL}`);
console.log(
  `  companies: ${sandbox
    .companies()
    .map((c) => `${c.name} (${c.realmId})`)
    .join(", ")}`,
);

stopOnSignal(sandbox);
