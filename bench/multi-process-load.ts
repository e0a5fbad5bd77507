/**
 * bench/multi-process.ts's load (bench/load.ts, autocannon in processes of its own): requests/s
 * with one API process and with two, and the background load of the kill.
 */
import type { Api } from "./multi-process-stack.ts";
import { loadAverage, log, runLoad } from "./util.ts";

interface Load {
  requestsPerSecond: number;
  requests: number;
  non2xx: number;
  errors: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
}
const summary = (r: Load) => ({
  requestsPerSecond: r.requestsPerSecond,
  requests: r.requests,
  non2xx: r.non2xx,
  errors: r.errors,
  latencyMs: r.latencyMs,
});
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

/**
 * `rounds` times: `connections` at API 1 alone for `seconds`, then half of them at each API
 * process at once (two load processes, their requests/s added up). Alternating the two spreads the
 * machine's other load over both; the medians are the figures.
 */
export async function requestsPerSecond(
  apis: Api[],
  pathAndQuery: string,
  token: string,
  o: { connections: number; seconds: number; rounds: number },
) {
  const runs: { apis: number; requestsPerSecond: number; loadBefore: number[]; perProcess: unknown[] }[] = [];
  for (let round = 0; round < o.rounds; round++) {
    for (const used of [apis.slice(0, 1), apis]) {
      const loadBefore = loadAverage();
      const each = await Promise.all(
        used.map((a) =>
          runLoad<Load>(`${a.base}${pathAndQuery}`, token, o.connections / used.length, o.seconds),
        ),
      );
      const run = {
        apis: used.length,
        requestsPerSecond: +each.reduce((n, r) => n + r.requestsPerSecond, 0).toFixed(1),
        loadBefore,
        perProcess: each.map(summary),
      };
      runs.push(run);
      log(`${used.length} API process(es): ${run.requestsPerSecond} requests/s; load ${loadBefore}`);
    }
  }
  const of = (n: number) => runs.filter((r) => r.apis === n);
  return {
    note: "two load processes at once in the two-API runs (one per API process, half the connections each); the machine has 2 cores shared by the load generators, both API processes, both workers and PostgreSQL",
    connections: o.connections,
    seconds: o.seconds,
    oneApi: median(of(1).map((r) => r.requestsPerSecond)),
    twoApis: median(of(2).map((r) => r.requestsPerSecond)),
    runs,
  };
}

/**
 * Load on every API process until stopped (bench/load.ts, in rounds of `seconds`), as the
 * background of the checks: answers what it saw when stopped.
 */
export function backgroundLoad(
  urls: string[],
  token: () => Promise<string>,
  connections: number,
  seconds = 15,
) {
  let stopped = false;
  const seen = { rounds: 0, requests: 0, non2xx: 0, errors: 0 };
  const loops = urls.map(async (url) => {
    while (!stopped) {
      const r = await runLoad<{ requests: number; non2xx: number; errors: number }>(
        url,
        await token(),
        connections,
        seconds,
      );
      seen.rounds++;
      seen.requests += r.requests;
      seen.non2xx += r.non2xx;
      seen.errors += r.errors;
    }
  });
  return {
    async stop() {
      stopped = true;
      await Promise.all(loops);
      return seen;
    },
  };
}
