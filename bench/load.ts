/**
 * Load for one URL with autocannon, in its own process so the load generator does not share the
 * API's event loop: `tsx bench/load.ts <url> <token> <connections> <seconds>`. Prints JSON with
 * autocannon's own figures, the exact percentiles (p50/p95/p99) of every response's time, and per
 * status code the count and percentiles. A request unanswered after 10 s is one of autocannon's
 * `timeouts` (its default timeout); `over10s` adds the answers that took 10 s or more.
 */
import autocannon from "autocannon";

const [url, token, connections = "50", seconds = "10"] = process.argv.slice(2);
const times: number[] = [];
const byStatus = new Map<number, number[]>();
const result = await new Promise<autocannon.Result>((resolve, reject) => {
  const instance = autocannon(
    {
      url: url!,
      connections: Number(connections),
      duration: Number(seconds),
      headers: { authorization: `Bearer ${token}` },
    },
    (error, result) => (error ? reject(error) : resolve(result)),
  );
  instance.on("response", (_client, status, _bytes, responseTime) => {
    times.push(responseTime);
    const same = byStatus.get(status);
    if (same) same.push(responseTime);
    else byStatus.set(status, [responseTime]);
  });
});
const percentile = (xs: number[], q: number) =>
  +(xs[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0).toFixed(1);
times.sort((a, b) => a - b);
const at = (q: number) => percentile(times, q);
const statuses = Object.fromEntries(
  [...byStatus].map(([status, xs]) => {
    xs.sort((a, b) => a - b);
    return [status, { count: xs.length, p50: percentile(xs, 0.5), p99: percentile(xs, 0.99) }];
  }),
);
console.log(
  JSON.stringify({
    connections: Number(connections),
    seconds: Number(seconds),
    requests: result.requests.total,
    requestsPerSecond: +result.requests.average.toFixed(1),
    latencyMs: { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: result.latency.max },
    autocannonLatencyMs: {
      p50: result.latency.p50,
      p97_5: result.latency.p97_5,
      p99: result.latency.p99,
      mean: result.latency.average,
    },
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statuses,
    over10s: result.timeouts + times.filter((t) => t >= 10_000).length,
  }),
);
