import type { PGlite } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";

interface AttrOps {
  setattr(node: unknown, attr: { mode?: number }): void;
}
type PostgresModule = Parameters<NodeFS["init"]>[1];

/**
 * PGlite's files on disk, without group or other bits. Emscripten's NODEFS sets each new file's
 * mode itself (0666, with chmod, past the umask), so every mode it sets is masked here.
 */
export class PrivateNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: PostgresModule) {
    const result = await super.init(pg, opts);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [
      ...preRun,
      (mod) => {
        const nodefs = mod.NODEFS as unknown as { node_ops: AttrOps; stream_ops: AttrOps };
        for (const ops of [nodefs.node_ops, nodefs.stream_ops]) {
          const setattr = ops.setattr;
          ops.setattr = (node, attr) =>
            setattr(node, attr.mode === undefined ? attr : { ...attr, mode: attr.mode & ~0o077 });
        }
      },
    ];
    return result;
  }
}
