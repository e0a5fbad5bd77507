/** The benchmark process's memory for bench/collections.bench.ts: a breakdown, and RSS sampled up to its peak. */
const mib = (n: number) => Math.round(n / 2 ** 20);

/** `client`: the database client, whose WASM memory counts on PGlite. */
export function memoryProbe(client: { mod?: { HEAPU8?: Uint8Array } }) {
  function memory() {
    const m = process.memoryUsage();
    return {
      rssMiB: mib(m.rss),
      heapUsedMiB: mib(m.heapUsed),
      externalMiB: mib(m.external),
      arrayBuffersMiB: mib(m.arrayBuffers),
      ...(client.mod?.HEAPU8 ? { wasmMemoryMiB: mib(client.mod.HEAPU8.byteLength) } : {}),
    };
  }
  /** RSS sampled every `everyMs`; the breakdown is taken at the peak. */
  function rssSampler(everyMs: number) {
    const start = process.memoryUsage().rss;
    let peak = start;
    let atPeak = memory();
    const timer = setInterval(() => {
      const rss = process.memoryUsage().rss;
      if (rss > peak) {
        peak = rss;
        atPeak = memory();
      }
    }, everyMs);
    return {
      stop: () => {
        clearInterval(timer);
        return { startMiB: mib(start), peakMiB: mib(peak), deltaMiB: mib(peak - start), atPeak };
      },
    };
  }
  return { memory, rssSampler };
}
