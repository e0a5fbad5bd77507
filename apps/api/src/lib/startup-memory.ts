import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

type Gc = (options: { type: "major"; execution: "sync"; flavor: "last-resort" }) => void;

/**
 * Gives back the heap that starting up filled and left as garbage (loading the modules, the
 * migrations, the sandboxes' sample data): V8 collects on allocation, and an idle server allocates
 * little, so without this the process keeps it until its first busy minute. A "last resort"
 * collection (V8's memory-reducing one, as on low memory) compacts the heap and returns its
 * emptied pages; a plain `gc()` does neither. `npm start` on PGlite (its thread, the default):
 * idle 401–422 MiB against 434–471 without it (bench/README.md, "npm start memory", decision 0026).
 * `gc` is exposed for a moment, in a context of its own, and the flag is reset.
 */
export function releaseStartupMemory() {
  setFlagsFromString("--expose-gc");
  try {
    const gc = runInNewContext("gc") as Gc;
    gc({ type: "major", execution: "sync", flavor: "last-resort" });
  } finally {
    setFlagsFromString("--no-expose-gc");
  }
}
