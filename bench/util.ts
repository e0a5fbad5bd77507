/**
 * Small pieces every benchmark script uses: a timestamped log on stderr, load, quantiles. Sleeping
 * and waiting for something are the test kit's (`sleep`, `until` from @recoup/api/testing).
 */
import { spawn } from "node:child_process";
import { loadavg } from "node:os";
import path from "node:path";

export const log = (...args: unknown[]) =>
  console.error(`[${new Date().toISOString().slice(11, 19)}]`, ...args);

/** The machine's load averages (1, 5 and 15 minutes), to two decimals. */
export const loadAverage = () => loadavg().map((l) => +l.toFixed(2));

/** Seconds since `t0` (a `performance.now()`), to two decimals. */
export const secondsSince = (t0: number) => +((performance.now() - t0) / 1000).toFixed(2);

/** The value below which `q` of the values lie (q = 0.5: the median), interpolated. */
export const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = sorted[Math.floor(at)]!;
  return low + (sorted[Math.ceil(at)]! - low) * (at - Math.floor(at));
};

/**
 * Drives `url` with autocannon (`bench/load.ts`) in a process of its own, so the load generator
 * does not share the measured process's event loop; answers autocannon's result.
 */
export function runLoad<T>(url: string, token: string, connections: number, seconds: number) {
  return new Promise<T>((resolve, reject) => {
    const load = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        path.join(import.meta.dirname, "load.ts"),
        url,
        token,
        String(connections),
        String(seconds),
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let out = "";
    load.stdout.on("data", (d) => (out += d));
    load.once("exit", (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`load exit ${code}`)),
    );
  });
}
