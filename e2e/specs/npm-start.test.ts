/**
 * The entry point is the product: this runs the real `npm start` (fresh DATA_DIR, its own ports),
 * signs up, connects the sample QuickBooks company through the sandbox's consent page, and sees
 * its invoices. A stack wired only for tests once hid that `npm start` synced from Intuit itself.
 */

import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { connectedCompany, httpCaller, Mailbox, SAMPLE_REALM, until } from "@recoup/api/testing";
import { freePort } from "@recoup/api/testing/net";
import { apiPaths } from "@recoup/contracts";
import { afterAll, beforeAll, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function npmStart(env: Record<string, string>): Started {
  let output = "";
  // As a person runs it: not under the test runner's NODE_ENV.
  const { NODE_ENV: _, ...inherited } = process.env;
  const child = spawn("npm", ["start"], {
    cwd: root,
    env: { ...inherited, LOG_LEVEL: "warn", LOG_PRETTY: "false", ...env },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Waits until npm start has printed `text`; fails at once if it exits. */
async function waitFor(started: Started, text: string, timeoutMs = 120_000) {
  await until(
    () => {
      if (started.child.exitCode !== null) throw new Error(`npm start exited:\n${started.output()}`);
      return started.output().includes(text);
    },
    timeoutMs,
    { what: `"${text}" from npm start`, intervalMs: 200 },
  ).catch((error: Error) => {
    throw new Error(`${error.message}:\n${started.output()}`);
  });
}

const stop = async (started: Started) => {
  if (started.child.exitCode === null && started.child.pid) process.kill(-started.child.pid, "SIGTERM");
  await started.exited;
};

let app: Started;
const dataDir = mkdtempSync(path.join(tmpdir(), "recoup-npm-start-"));
const ports: Record<string, number> = {};

beforeAll(async () => {
  for (const name of [
    "PORT",
    "SANDBOX_MAIL_SMTP_PORT",
    "SANDBOX_MAIL_HTTP_PORT",
    "SANDBOX_GOOGLE_PORT",
    "SANDBOX_QUICKBOOKS_PORT",
    "SANDBOX_STRIPE_PORT",
  ]) {
    ports[name] = await freePort();
  }
  app = npmStart({
    DATA_DIR: dataDir,
    ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
  });
  await waitFor(app, "Recoup is running at");
}, 150_000);
afterAll(async () => {
  if (app) await stop(app);
  rmSync(dataDir, { recursive: true, force: true });
});

it("npm start wires every sandbox: sign up, connect the sample company, see its invoices", async () => {
  const appUrl = `http://localhost:${ports.PORT}`;
  const quickbooksUrl = `http://localhost:${ports.SANDBOX_QUICKBOOKS_PORT}`;
  expect(app.output()).toContain(`mail inbox: http://localhost:${ports.SANDBOX_MAIL_HTTP_PORT}`);
  expect(app.output()).toContain(`QuickBooks: local sandbox at ${quickbooksUrl}`);
  const stripeUrl = `http://127.0.0.1:${ports.SANDBOX_STRIPE_PORT}`;
  expect(app.output()).toContain(`Stripe: local sandbox at ${stripeUrl}`);

  const call = httpCaller(appUrl);
  const mailbox = new Mailbox(`http://localhost:${ports.SANDBOX_MAIL_HTTP_PORT}`);
  const user = await connectedCompany({ call, mailbox }, quickbooksUrl);

  // What the sandbox itself holds for the sample company.
  const realm = await (await fetch(`${quickbooksUrl}/_control/realms/${SAMPLE_REALM}`)).json();
  const status = await call("GET", `${apiPaths.quickbooks.status}?email=${encodeURIComponent(user.email)}`, {
    token: user.token,
  });
  expect(status.json.data).toEqual(["connected"]);
  // 'Open QuickBooks Online' leads to the sandbox, not to Intuit.
  expect(status.json.connection.companyUrl).toBe(`${quickbooksUrl}/`);
  expect((await fetch(status.json.connection.companyUrl)).status).toBe(200);

  const pulled = await call("GET", apiPaths.quickbooks.pull(user.companyId), { token: user.token });
  expect(pulled.status).toBe(200);
  expect(pulled.json.data.counts.Invoice).toBe(realm.summary.invoices.total);
  expect(realm.summary.invoices.total).toBeGreaterThan(0);

  // The trial is at the Stripe sandbox, and its portal is where 'Upgrade Now' leads.
  const details = async () =>
    (
      await call("GET", `${apiPaths.billing.subscriptionDetails}?email=${encodeURIComponent(user.email)}`, {
        token: user.token,
      })
    ).json.data;
  const billing = await until(
    async () => {
      const shown = await details();
      return shown.sessionURL && shown;
    },
    10_000,
    { what: "the Billing page's portal session", intervalMs: 200 },
  );
  expect(billing).toMatchObject({
    billingEnabled: true,
    subscriptionDetails: { status: "trialing", planName: "Starter" },
  });
  expect(billing.sessionURL).toMatch(new RegExp(`^${stripeUrl}/p/session/`));
}, 120_000);

it("a port already in use stops the start with one line naming the port and its variable", async () => {
  const busy = createServer();
  const port = await freePort();
  await new Promise<void>((resolve) => busy.listen(port, "127.0.0.1", resolve));
  try {
    const second = npmStart({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "recoup-npm-start-busy-")),
      PORT: String(await freePort()),
      SANDBOX_MAIL_SMTP_PORT: String(await freePort()),
      SANDBOX_MAIL_HTTP_PORT: String(await freePort()),
      SANDBOX_GOOGLE_PORT: String(port),
      SANDBOX_QUICKBOOKS_PORT: String(await freePort()),
      SANDBOX_STRIPE_PORT: String(await freePort()),
    });
    expect(await second.exited).not.toBe(0);
    const message = `Port ${port} is already in use (the Google sign-in sandbox). Stop what uses it, or set SANDBOX_GOOGLE_PORT to another port.`;
    expect(second.output()).toContain(message);
    expect(second.output()).not.toMatch(/\n\s+at /); // no stack trace
  } finally {
    busy.close();
  }
}, 120_000);
