/**
 * Account enumeration by timing: does `resend-verification` or `forgot-password` answer an address
 * with an account slower (or faster) than one without? Run: `npm run bench:auth`.
 *
 * The API listens on a local port with its worker on and a mail sandbox, as `npm start` runs it;
 * the calls go over HTTP, alternating between the two kinds of address, 50 of each after a
 * warm-up, each to a different address (as someone probing a list would). Prints the medians.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "@recoup/api/app";
import { loadConfig } from "@recoup/api/config";
import { users } from "@recoup/api/db/schema";
import { freePort } from "@recoup/api/testing/net";
import { apiPaths } from "@recoup/contracts";
import { startMailSandbox } from "@recoup/sandbox-mail";
import { benchDatabase } from "./bench-database.ts";

const CALLS = 50;
const WARM_UP = 10;

const dataDir = mkdtempSync(path.join(tmpdir(), "recoup-bench-auth-"));
const database = await benchDatabase("recoup_bench_auth");
const databaseUrl = database.url;
const mail = await startMailSandbox({ smtpPort: 0, httpPort: 0 });
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const { app, ctx } = await buildApp(
  loadConfig({
    LOG_LEVEL: "warn",
    DATA_DIR: dataDir,
    APP_URL: base,
    SMTP_URL: mail.smtpUrl,
    JWT_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    RATE_LIMIT_PER_MINUTE: "100000",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  }),
);
await app.listen({ port, host: "127.0.0.1" });

/** `count` accounts made straight in the database: pending (unverified) or verified. */
async function accounts(label: string, count: number, verified: boolean) {
  const rows = Array.from({ length: count }, (_, i) => ({
    email: `${label}-${i}-${Date.now()}@example.com`,
    name: `Bench ${label} ${i}`,
    emailVerifiedAt: verified ? new Date() : null,
  }));
  await ctx.db.insert(users).values(rows);
  return rows.map((r) => r.email);
}
const unknown = (label: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${label}-${i}-${Date.now()}@nobody.example.com`);

async function timed(url: string, email: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}${url}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email }),
  });
  await res.arrayBuffer();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return ms;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const round = (ms: number) => Math.round(ms * 100) / 100;

/** Alternates the two kinds of address; the first WARM_UP of each are not counted. */
async function compare(
  url: string,
  a: { name: string; emails: string[] },
  b: { name: string; emails: string[] },
) {
  const times: Record<string, number[]> = { [a.name]: [], [b.name]: [] };
  for (let i = 0; i < WARM_UP + CALLS; i++) {
    for (const side of i % 2 ? [b, a] : [a, b]) {
      const ms = await timed(url, side.emails[i]!);
      if (i >= WARM_UP) times[side.name]!.push(ms);
    }
  }
  const ma = median(times[a.name]!);
  const mb = median(times[b.name]!);
  return {
    call: url,
    calls: CALLS,
    [`median ${a.name} (ms)`]: round(ma),
    [`median ${b.name} (ms)`]: round(mb),
    "difference (ms)": round(Math.abs(ma - mb)),
    withinOneMs: Math.abs(ma - mb) <= 1,
  };
}

const total = WARM_UP + CALLS;
const results = [
  await compare(
    apiPaths.auth.resendVerification,
    { name: "unverified account", emails: await accounts("pending", total, false) },
    { name: "no account", emails: unknown("resend", total) },
  ),
  await compare(
    apiPaths.auth.resendVerification,
    { name: "unverified account", emails: await accounts("pending-again", total, false) },
    { name: "verified account", emails: await accounts("verified", total, true) },
  ),
  await compare(
    apiPaths.auth.forgotPassword,
    { name: "account", emails: await accounts("member", total, true) },
    { name: "no account", emails: unknown("forgot", total) },
  ),
];
console.log(
  JSON.stringify(
    { database: databaseUrl ? "postgresql" : "pglite", node: process.version, results },
    null,
    2,
  ),
);

await app.close();
await mail.close();
await database.stop();
rmSync(dataDir, { recursive: true, force: true });
