/**
 * Account enumeration by timing: does `resend-verification` or `forgot-password` answer an address
 * with an account slower (or faster) than one without? And does login's code step (an account
 * under attack, a new browser) answer a right password, a wrong one and no account in the same
 * time, as it answers them with the same bytes? Run: `npm run bench:auth`.
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
import { rateCounters, users } from "@recoup/api/db/schema";
import { createUser, injectCaller, Mailbox, STRONG_PASSWORD } from "@recoup/api/testing";
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
    // Each call names its own client address, so login's per-address delays stay out of the way.
    TRUST_PROXY: "true",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  }),
);
await app.listen({ port, host: "127.0.0.1" });

let made = 0;
const address = (label: string, domain = "example.com") => `${label}-${made++}-${process.pid}@${domain}`;

/** One real account's argon2id hash of STRONG_PASSWORD, for accounts made in the database. */
const seed = await createUser({ call: injectCaller(app), mailbox: new Mailbox(mail.inboxUrl) });
const passwordHash = (await ctx.db.select().from(users)).find((u) => u.email === seed.email)!.passwordHash;

/** `count` accounts made straight in the database: pending (unverified) or verified. */
async function accounts(label: string, count: number, verified: boolean) {
  const rows = Array.from({ length: count }, (_, i) => ({
    email: address(label),
    name: `Bench ${label} ${i}`,
    emailVerifiedAt: verified ? new Date() : null,
    passwordHash,
  }));
  await ctx.db.insert(users).values(rows);
  return rows.map((r) => r.email);
}
const unknown = (count: number) =>
  Array.from({ length: count }, () => address("nobody", "nobody.example.com"));

/** 100 failed logins this hour: the account is under attack, a new browser gets the code step. */
async function underAttack(emails: string[]) {
  await ctx.db.insert(rateCounters).values(emails.map((e) => ({ key: `login-failures:${e}`, count: 100 })));
  return emails;
}

let calls = 0;
async function timed(url: string, side: Side, email: string): Promise<number> {
  calls++;
  const started = performance.now();
  const res = await fetch(`${base}${url}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": `10.${(calls >> 16) & 255}.${(calls >> 8) & 255}.${calls & 255}`,
    },
    body: JSON.stringify(side.body?.(email) ?? { email }),
  });
  await res.arrayBuffer();
  const ms = performance.now() - started;
  if (res.status !== (side.status ?? 200)) throw new Error(`${url} answered ${res.status}`);
  return ms;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

interface Side {
  name: string;
  /** `count` fresh addresses of this kind. */
  addresses(count: number): Promise<string[]>;
  /** The request body (default `{ email }`) and the status it must answer (default 200). */
  body?: (email: string) => object;
  status?: number;
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
        const ms = await timed(url, side === "a" ? a : b, (side === "a" ? ea : eb)[i]!);
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
const codeStep = (name: string, password: string, kind: "account" | "none"): Side => ({
  name,
  addresses: async (n) => underAttack(kind === "account" ? await accounts("attacked", n, true) : unknown(n)),
  body: (email) => ({ email, password }),
  status: 202,
});
const rightPassword = codeStep("right password", STRONG_PASSWORD, "account");
const wrongPassword = codeStep("wrong password", "Wrong#Guess123", "account");
const results = [
  await compare(apiPaths.auth.resendVerification, pending, nobody),
  await compare(apiPaths.auth.resendVerification, pending, verified),
  await compare(apiPaths.auth.forgotPassword, { ...verified, name: "account" }, nobody),
  await compare(apiPaths.auth.login, rightPassword, wrongPassword),
  await compare(apiPaths.auth.login, wrongPassword, codeStep("no account", "Wrong#Guess123", "none")),
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
