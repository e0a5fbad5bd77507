/** CPU time of processes, read from /proc (Linux): the benchmark's own, a sandbox's, PostgreSQL's. */
import { readFileSync } from "node:fs";

/** /proc/<pid>/stat's fields after the command name (state is [0], the parent [1], user time [11]). */
export const stat = (pid: number) =>
  readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ").map(Number);

/** CPU time (user + system) of a process so far, in ms; with `children`, its waited-for children's too. */
export const cpuMs = (pid: number, children = false) => {
  const f = stat(pid);
  return ((f[11]! + f[12]! + (children ? f[13]! + f[14]! : 0)) * 1000) / 100;
};

/** PostgreSQL's CPU time so far: the server process (`postmaster`), the backends it ended and those running. */
export function postgresCpuMs(postmaster: number) {
  const children = readFileSync(`/proc/${postmaster}/task/${postmaster}/children`, "utf8")
    .trim()
    .split(/\s+/);
  let ms = cpuMs(postmaster, true);
  for (const pid of children.filter(Boolean)) {
    try {
      ms += cpuMs(Number(pid));
    } catch {
      // ended meanwhile: counted in the server's children's time
    }
  }
  return ms;
}
