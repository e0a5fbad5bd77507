/**
 * One endpoint of bench/collections.bench.ts measured: a single client over HTTP (cached, then
 * uncached), the same statements run directly (the floor: those of an uncached request), each
 * statement alone, `connections` clients with autocannon, and the plans of its statements.
 */
import { type Captured, capture, explain, groups, type Query, replay } from "./sql-capture.ts";
import { loadAverage, log } from "./util.ts";

export const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p: number) => +(s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0).toFixed(2);
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: +(s.at(-1) ?? 0).toFixed(2) };
};

export interface CaseBench {
  client: { query: Query };
  /** Requests per measurement, after `warmup` unmeasured ones. */
  n: number;
  warmup: number;
  connections: number;
  get(pathAndQuery: string, token: string): Promise<{ ms: number; bytes: number }>;
  /** What every sync page and profile change does: the cached figures are computed again. */
  bumpVersion(): Promise<unknown>;
  autocannon(pathAndQuery: string, token: string): Promise<Record<string, unknown>>;
}

/** Answers the case's figures and the EXPLAIN of its statements. */
export async function measureCase(b: CaseBench, c: { name: string; path: string }, token: string) {
  const { client, n: N, warmup: WARMUP, get } = b;
  // The first request runs uncached (and fills the cache): its statements are explained and are the floor.
  await b.bumpVersion();
  const coldStatements = await capture(client, () => get(c.path, token));
  for (let i = 0; i < WARMUP; i++) await get(c.path, token);
  const loadBefore = loadAverage();
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < N; i++) {
    const r = await get(c.path, token);
    times.push(r.ms);
    bytes = r.bytes;
  }
  // Uncached: the company's data version goes up before each request (as after a sync), so the
  // figures are computed again; this is what the SQL floor below is compared with.
  const uncachedTimes: number[] = [];
  for (let i = 0; i < N; i++) {
    await b.bumpVersion();
    uncachedTimes.push((await get(c.path, token)).ms);
  }
  const statements = await capture(client, () => get(c.path, token));
  const plan = groups(statements);
  for (let i = 0; i < WARMUP; i++) await replay(client, plan);
  const sqlTimes: number[] = [];
  for (let i = 0; i < N; i++) sqlTimes.push(await replay(client, plan));
  // The floor: every statement of an uncached request run directly, grouped as the request ran them.
  const coldPlan = groups(coldStatements);
  for (let i = 0; i < WARMUP; i++) await replay(client, coldPlan);
  const coldSqlTimes: number[] = [];
  for (let i = 0; i < N; i++) coldSqlTimes.push(await replay(client, coldPlan));
  // Each statement alone, to see which dominates.
  const perStatement = [];
  for (const s of statements) {
    const ts: number[] = [];
    for (let i = 0; i < 30; i++) {
      const t = performance.now();
      await client.query(...s.args);
      ts.push(performance.now() - t);
    }
    perStatement.push({ sql: s.text.replace(/\s+/g, " ").trim().slice(0, 90), p50: stats(ts).p50 });
  }
  const cold = new Map<string, Captured>(coldStatements.map((s) => [s.text, s]));
  for (const s of statements) cold.set(s.text, s);
  const plans = `==== ${c.name}: GET ${c.path}\n\n${await explain(client, [...cold.values()])}`;
  const loadStats = await b.autocannon(c.path, token);
  const http = stats(times);
  const direct = stats(sqlTimes);
  const uncached = stats(uncachedTimes);
  const floor = stats(coldSqlTimes);
  const row = {
    case: c.name,
    path: c.path,
    responseBytes: bytes,
    single: http,
    sql: { statements: statements.length, groups: plan.length, ...direct },
    ratio: { p50: +(http.p50 / direct.p50).toFixed(2), p95: +(http.p95 / direct.p95).toFixed(2) },
    uncached,
    uncachedSql: { statements: coldStatements.length, groups: coldPlan.length, ...floor },
    uncachedRatio: {
      p50: +(uncached.p50 / floor.p50).toFixed(2),
      p95: +(uncached.p95 / floor.p95).toFixed(2),
    },
    perStatement,
    load: loadStats,
    loadAverage: { before: loadBefore, after: loadAverage() },
  };
  log(
    `${c.name}: single p50 ${http.p50} p95 ${http.p95} ms | SQL p95 ${direct.p95} ms (×${row.ratio.p95}) | ` +
      `uncached p50 ${uncached.p50} p95 ${uncached.p95} ms, its SQL p95 ${floor.p95} ms (×${row.uncachedRatio.p95}) | ` +
      `${b.connections} conns ${loadStats.requestsPerSecond} req/s p95 ${(loadStats.latencyMs as { p95: number }).p95} ms ` +
      `errors ${loadStats.errors} non2xx ${loadStats.non2xx} | load ${loadAverage()}`,
  );
  return { row, plans };
}
