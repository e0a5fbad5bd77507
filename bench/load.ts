/**
 * Load for one URL with autocannon, in its own process so the load generator does not share the
 * API's event loop: `tsx bench/load.ts <url> <token> <connections> <seconds>`. Prints JSON with
 * autocannon's own figures and the exact percentiles (p50/p95/p99) of every response's time.
 */
import autocannon from "autocannon";

const [url, token, connections = "50", seconds = "10"] = process.argv.slice(2);
const times: number[] = [];
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
  instance.on("response", (_client, _status, _bytes, responseTime) => {
    times.push(responseTime);
  });
});
times.sort((a, b) => a - b);
const at = (q: number) => +(times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(1);
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
  }),
);
