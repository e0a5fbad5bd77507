/**
 * Account enumeration by timing: does `resend-verification` or `forgot-password` answer an address
 * with an account slower (or faster) than one without? Run: `npm run bench:auth`.
 *
 * The API listens on a local port with its worker on and a mail sandbox, as `npm start` runs it;
 * the calls go over HTTP, alternating between the two kinds of address, 50 of each after a
 * warm-up, each to a different address (as someone probing a list would), in 5 rounds. Prints
 * the medians.
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
import { quantile } from "./util.ts";

const CALLS = 50;
const WARM_UP = 10;
const ROUNDS = 5;

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

let made = 0;
const address = (label: string, domain = "example.com") => `${label}-${made++}-${process.pid}@${domain}`;

/** `count` accounts made straight in the database: pending (unverified) or verified. */
async function accounts(label: string, count: number, verified: boolean) {
  const rows = Array.from({ length: count }, (_, i) => ({
    email: address(label),
    name: `Bench ${label} ${i}`,
    emailVerifiedAt: verified ? new Date() : null,
  }));
  await ctx.db.insert(users).values(rows);
  return rows.map((r) => r.email);
}
const unknown = (count: number) =>
  Array.from({ length: count }, () => address("nobody", "nobody.example.com"));

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

const round = (ms: number) => Math.round(ms * 100) / 100;

interface Side {
  name: string;
  /** `count` fresh addresses of this kind. */
  addresses(count: number): Promise<string[]>;
}

/**
 * ROUNDS rounds of CALLS calls each way, each call to a fresh address, alternating the two kinds
 * (a, b, b, a, a, b, …) so both see the same machine load; the first WARM_UP of each round are
 * not counted. Each round gives the two medians and their difference; the summary is the median
 * over the rounds, which a busy machine moves far less than a single round. The 10th percentiles
 * (of every call) are what a patient attacker would compare, as they filter out the noise.
 */
async function compare(url: string, a: Side, b: Side) {
  const rounds: { a: number; b: number }[] = [];
  const all = { a: [] as number[], b: [] as number[] };
  for (let r = 0; r < ROUNDS; r++) {
    const [ea, eb] = [await a.addresses(WARM_UP + CALLS), await b.addresses(WARM_UP + CALLS)];
    const times = { a: [] as number[], b: [] as number[] };
    for (let i = 0; i < WARM_UP + CALLS; i++) {
      for (const side of i % 2 ? (["b", "a"] as const) : (["a", "b"] as const)) {
        const ms = await timed(url, (side === "a" ? ea : eb)[i]!);
        if (i >= WARM_UP) times[side].push(ms);
      }
    }
    rounds.push({ a: quantile(times.a, 0.5), b: quantile(times.b, 0.5) });
    all.a.push(...times.a);
    all.b.push(...times.b);
  }
  const ma = quantile(
    rounds.map((m) => m.a),
    0.5,
  );
  const mb = quantile(
    rounds.map((m) => m.b),
    0.5,
  );
  // Each round's two medians were taken under the same load: compare within rounds.
  const difference = quantile(
    rounds.map((m) => m.a - m.b),
    0.5,
  );
  return {
    call: url,
    [`median ${a.name} (ms)`]: round(ma),
    [`median ${b.name} (ms)`]: round(mb),
    "difference (ms, median of the rounds')": round(difference),
    withinOneMs: Math.abs(difference) <= 1,
    [`p10 ${a.name} (ms)`]: round(quantile(all.a, 0.1)),
    [`p10 ${b.name} (ms)`]: round(quantile(all.b, 0.1)),
    [`rounds: medians of ${CALLS} calls each way (ms)`]: rounds.map((m) => `${round(m.a)} / ${round(m.b)}`),
  };
}

const pending: Side = { name: "unverified account", addresses: (n) => accounts("pending", n, false) };
const verified: Side = { name: "verified account", addresses: (n) => accounts("verified", n, true) };
const nobody: Side = { name: "no account", addresses: async (n) => unknown(n) };
const results = [
  await compare(apiPaths.auth.resendVerification, pending, nobody),
  await compare(apiPaths.auth.resendVerification, pending, verified),
  await compare(apiPaths.auth.forgotPassword, { ...verified, name: "account" }, nobody),
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
