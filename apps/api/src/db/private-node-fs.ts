import { fsyncSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";

interface AttrOps {
  setattr(node: unknown, attr: { mode?: number }): void;
}
interface StreamOps extends AttrOps {
  fsync?(stream: { nfd: number }): number;
}
interface Nodefs {
  node_ops: AttrOps;
  stream_ops: StreamOps;
  /** Runs a Node fs call, turning its error into the errno Emscripten returns to PostgreSQL. */
  tryFSOperation<T>(f: () => T): T;
}
type PostgresModule = Parameters<NodeFS["init"]>[1];

/**
 * PGlite's files on disk, without group or other bits, and synced when PostgreSQL syncs them.
 * - Emscripten's NODEFS sets each new file's mode itself (0666, with chmod, past the umask), so
 *   every mode it sets is masked here.
 * - NODEFS has no fsync: PostgreSQL's `fsync()` of the WAL at a commit, and of the data files at a
 *   checkpoint, returned at once with nothing written to the disk (and `fdatasync()` is a no-op in
 *   Emscripten itself, hence `wal_sync_method=fsync` in PGLITE_START_PARAMS). A killed process
 *   loses nothing either way (each write is a `pwrite` into the OS's cache before the commit
 *   returns); a power cut or a kernel crash could lose acknowledged commits, or corrupt the
 *   database, until this `fsync` (bench/README.md, "The embedded database under `kill -9`").
 */
export class PrivateNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: PostgresModule) {
    const result = await super.init(pg, opts);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [
      ...preRun,
      (mod) => {
        const nodefs = mod.NODEFS as unknown as Nodefs;
        for (const ops of [nodefs.node_ops, nodefs.stream_ops]) {
          const setattr = ops.setattr;
          ops.setattr = (node, attr) =>
            setattr(node, attr.mode === undefined ? attr : { ...attr, mode: attr.mode & ~0o077 });
        }
        nodefs.stream_ops.fsync = (stream) => {
          nodefs.tryFSOperation(() => fsyncSync(stream.nfd));
          return 0;
        };
      },
    ];
    return result;
  }
}
