import { stopOnSignal } from "@recoup/sandbox-http";
import { startStripeSandbox } from "./index.ts";

const env = process.env;
const webhookUrl = env.STRIPE_SANDBOX_WEBHOOK_URL;

const sandbox = await startStripeSandbox({
  port: env.STRIPE_SANDBOX_PORT ? Number(env.STRIPE_SANDBOX_PORT) : 4030,
  host: env.STRIPE_SANDBOX_HOST || "127.0.0.1",
  ...(env.STRIPE_SANDBOX_SECRET_KEY ? { secretKey: env.STRIPE_SANDBOX_SECRET_KEY } : {}),
  ...(webhookUrl
    ? {
        webhook: {
          url: webhookUrl,
          secret: env.STRIPE_SANDBOX_WEBHOOK_SECRET || "whsec_recoup_sandbox_0000000000000000",
          ...(env.STRIPE_SANDBOX_WEBHOOK_CHAOS === "1" ? { chaos: true } : {}),
        },
      }
    : {}),
});

console.log(`stripe sandbox: ${sandbox.baseUrl} (API ${sandbox.baseUrl}/v1, control ${sandbox.controlUrl})`);
console.log(`  secret key ${sandbox.secretKey}`);
console.log(`  new Stripe(key, { host: "${sandbox.host}", port: ${sandbox.port}, protocol: "http" })`);
if (webhookUrl) console.log(`  webhooks to ${webhookUrl}, signing secret ${sandbox.webhookSecret}`);
console.log(`  customers and their portals: ${sandbox.portalUrl()}`);

stopOnSignal(sandbox);
