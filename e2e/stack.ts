import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "@recoup/api/app";
import { loadConfig } from "@recoup/api/config";
import { wireLocalSandboxes } from "@recoup/api/local-sandboxes";
import { heldPort } from "@recoup/api/testing/net";

export interface Stack {
  appUrl: string;
  inboxUrl: string;
  googleIssuer: string;
  quickbooksUrl: string;
  /** The Stripe sandbox: its API, portal pages and control API (`/_sandbox`). */
  stripeUrl: string;
  /** The key the Stripe sandbox accepts (made for this run). */
  stripeSecretKey: string;
  close(): Promise<void>;
}

/** The whole product as `npm start` runs it (built web app, API, sandboxes wired the same way), on free ports. */
export async function startStack(): Promise<Stack> {
  // Held until the app listens on it: the sandboxes start in between and must not take it.
  const { port, release } = await heldPort();
  const appUrl = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "recoup-e2e-"));
  const sandboxes = await wireLocalSandboxes(
    {
      NODE_ENV: "test",
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
      PORT: String(port),
      APP_URL: appUrl,
      DATA_DIR: dataDir,
      RATE_LIMIT_PER_MINUTE: "1000",
      QUICKBOOKS_RETRY_BASE_MS: "50",
      // The gate stays on, with room for a CI machine whose cores the browser also wants.
      LOAD_SHED_MAX_WAIT_MS: "30000",
    },
    { freePorts: true },
  );
  const { app } = await buildApp(loadConfig(sandboxes.env));
  await release();
  await app.listen({ port, host: "127.0.0.1" });
  return {
    appUrl,
    inboxUrl: sandboxes.mail!.inboxUrl,
    googleIssuer: sandboxes.google!.issuer,
    quickbooksUrl: sandboxes.quickbooks!.baseUrl,
    stripeUrl: sandboxes.stripe!.baseUrl,
    stripeSecretKey: sandboxes.stripe!.secretKey,
    async close() {
      // Sandboxes first: a webhook arriving while the app closes would keep its socket open.
      await sandboxes.close();
      app.server.closeAllConnections();
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
