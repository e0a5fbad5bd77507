/**
 * The database's thread: it owns PGlite (created by createPglite, as in-process) and runs what
 * PgliteThread sends, one message at a time as PGlite itself queues them. See pglite-thread.ts.
 * Node runs it without a loader (type stripping): this file and the ones it imports use erasable
 * TypeScript only (no parameter properties, enums or namespaces).
 */
import { parentPort, workerData } from "node:worker_threads";
import type { PGlite, QueryOptions, Transaction } from "@electric-sql/pglite";
import { createPglite } from "./pglite-open.ts";
import { type QueryShape, type Reply, type Request, type Started, toShape } from "./pglite-thread-wire.ts";

const port = parentPort;
if (!port) throw new Error("pglite-thread-host.ts runs as a worker thread (PgliteThread starts it)");

const identity = (value: unknown) => value;

const queryOptions = (q: QueryShape): QueryOptions => ({
  ...(q.rowMode ? { rowMode: q.rowMode } : {}),
  ...(q.rawTypes ? { parsers: Object.fromEntries(q.rawTypes.map((type) => [type, identity])) } : {}),
});

/** An open transaction: its PGlite handle, and how to end its callback (resolve commits, reject rolls back). */
interface OpenTx {
  tx: Transaction;
  finish(commit: boolean): void;
  endId?: number;
}

const ROLLBACK = Symbol("rollback");

function serve(pg: PGlite) {
  const open = new Map<number, OpenTx>();
  const send = (reply: Reply) => port!.postMessage(reply);
  const settle = (id: number, work: Promise<unknown>) =>
    work.then(
      (value) => send({ id, ok: true, value }),
      (error: unknown) => send({ id, ok: false, error: toShape(error) }),
    );
  const runner = (tx: number | undefined) => {
    if (tx === undefined) return pg;
    const found = open.get(tx);
    if (!found) throw new Error(`no open transaction ${tx}`);
    return found.tx;
  };

  const begin = (id: number) => {
    pg.transaction(
      (tx) =>
        new Promise<void>((resolve, reject) => {
          open.set(id, { tx, finish: (commit) => (commit ? resolve() : reject(ROLLBACK)) });
          send({ id, ok: true, value: id });
        }),
    ).then(
      () => ended(id, undefined),
      (error: unknown) => ended(id, error === ROLLBACK ? undefined : error),
    );
  };
  const ended = (tx: number, error: unknown) => {
    const endId = open.get(tx)?.endId;
    open.delete(tx);
    if (endId === undefined) {
      // BEGIN itself failed: the callback never ran, so the reply to `begin` is this error.
      send({ id: tx, ok: false, error: toShape(error) });
      return;
    }
    send(
      error === undefined
        ? { id: endId, ok: true, value: null }
        : { id: endId, ok: false, error: toShape(error) },
    );
  };

  port!.on("message", (request: Request) => {
    try {
      switch (request.op) {
        case "query":
          settle(request.id, runner(request.tx).query(request.text, request.params, queryOptions(request)));
          return;
        case "exec":
          settle(request.id, runner(request.tx).exec(request.text));
          return;
        case "begin":
          begin(request.id);
          return;
        case "end": {
          const tx = open.get(request.tx);
          if (!tx) throw new Error(`no open transaction ${request.tx}`);
          tx.endId = request.id;
          tx.finish(request.commit);
          return;
        }
        case "close":
          // Closed, the thread ends of itself once the reply is out (so a --cpu-prof is written).
          settle(request.id, pg.close()).then(() => port!.close());
          return;
      }
    } catch (error) {
      send({ id: request.id, ok: false, error: toShape(error) });
    }
  });
}

const { dir } = workerData as { dir: string };
createPglite(dir).then(
  (pg) => {
    serve(pg);
    port.postMessage({ started: true } satisfies Started);
  },
  (error: unknown) => port.postMessage({ started: false, error: toShape(error) } satisfies Started),
);
