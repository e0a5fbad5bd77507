import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "@recoup/api/app";
import { loadConfig } from "@recoup/api/config";
import { freePort } from "@recoup/api/testing/net";
import { startGoogleSandbox } from "@recoup/sandbox-google";
import { startMailSandbox } from "@recoup/sandbox-mail";
import { startQuickBooksSandbox } from "@recoup/sandbox-quickbooks";

export interface Stack {
  appUrl: string;
  inboxUrl: string;
  googleIssuer: string;
  quickbooksUrl: string;
  close(): Promise<void>;
}

/** The whole product as `npm start` runs it (built web app, API, sandboxes), on free ports. */
export async function startStack(): Promise<Stack> {
  const port = await freePort();
  const appUrl = `http://localhost:${port}`;
  const client = { client_id: "recoup-e2e", client_secret: "recoup-e2e-secret" };
  const mail = await startMailSandbox({ smtpPort: 0, httpPort: 0 });
  const google = await startGoogleSandbox({
    port: 0,
    clients: [{ ...client, redirect_uris: [`${appUrl}/callback/google`] }],
  });
  const webhookToken = "recoup-e2e-webhook-verifier";
  const qb = await startQuickBooksSandbox({
    port: 0,
    clients: [{ ...client, redirect_uris: [`${appUrl}/callback/intuit`, `${appUrl}/callback/quickbooks`] }],
    webhook: { url: `${appUrl}/v1/webhooks/quickbooks`, verifierToken: webhookToken },
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), "recoup-e2e-"));
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
    PORT: String(port),
    APP_URL: appUrl,
    DATA_DIR: dataDir,
    SMTP_URL: mail.smtpUrl,
    RATE_LIMIT_PER_MINUTE: "1000",
    GOOGLE_CLIENT_ID: client.client_id,
    GOOGLE_CLIENT_SECRET: client.client_secret,
    GOOGLE_ISSUER: google.issuer,
    INTUIT_CLIENT_ID: client.client_id,
    INTUIT_CLIENT_SECRET: client.client_secret,
    INTUIT_DISCOVERY_URL: qb.discoveryUrl,
    QUICKBOOKS_API_URL: qb.accountingBaseUrl,
    QUICKBOOKS_APP_URL: `${qb.baseUrl}/`,
    QUICKBOOKS_WEBHOOK_TOKEN: webhookToken,
    QUICKBOOKS_RETRY_BASE_MS: "50",
  });
  const { app } = await buildApp(config);
  await app.listen({ port, host: "127.0.0.1" });
  return {
    appUrl,
    inboxUrl: mail.inboxUrl,
    googleIssuer: google.issuer,
    quickbooksUrl: qb.baseUrl,
    async close() {
      await app.close();
      await Promise.all([mail.close(), google.close(), qb.close()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
