import { clientFromEnv, stopOnSignal } from "@recoup/sandbox-http";
import { startGoogleSandbox } from "./index.ts";

const env = process.env;
const port = env.GOOGLE_SANDBOX_PORT ? Number(env.GOOGLE_SANDBOX_PORT) : 4010;
const client = clientFromEnv("GOOGLE_SANDBOX", {
  client_id: "recoup-local.apps.googleusercontent.com",
  client_secret: "recoup-local-google-secret",
  redirect_uris: [
    "http://localhost:3000/v1/auth/oauth/google/callback",
    "http://localhost:5173/v1/auth/oauth/google/callback",
    "http://localhost:5173/callback/google",
    "http://localhost:3000/callback/google",
  ],
});

const sandbox = await startGoogleSandbox({
  port,
  host: env.GOOGLE_SANDBOX_HOST || "127.0.0.1",
  clients: [client],
});

console.log(
  `google sandbox: issuer ${sandbox.issuer} (discovery ${sandbox.issuer}/.well-known/openid-configuration)`,
);
console.log(`  client_id ${client.client_id}, redirect_uris ${client.redirect_uris.join(" ")}`);

stopOnSignal(sandbox);
