import { once } from "node:events";
import { setTimeout } from "node:timers/promises";
import { Worker } from "node:worker_threads";
import type { QueryOptions, Results, Transaction } from "@electric-sql/pglite";
import { fromShape, type QueryShape, type Reply, type Request, type Started } from "./pglite-thread-wire.ts";

/** A request without its id (the id is added on sending). */
type Unsent = Request extends infer R ? (R extends { id: number } ? Omit<R, "id"> : never) : never;

/** The part of PGlite's interface Recoup uses: drizzle's session, the migrator, pg-boss's executor. */
export interface PgliteLike {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
  transaction<T>(body: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * PGlite in a thread of its own: the database's work (PostgreSQL itself, in WASM, and the parsing
 * of its replies) runs on the second core while this thread runs the app. The same interface as
 * PGlite for what Recoup uses of it, so drizzle's PGlite driver takes it as it is.
 * - Each call is a message to pglite-thread-host.ts; rows come back structured-cloned.
 * - Parsers are functions, which cannot cross: drizzle's are all the identity (dates and intervals
 *   left as PostgreSQL's text), so only their type ids are sent, and any other parser is refused.
 * - A transaction stays open on the host, holding PGlite as it does in-process, until `body`
 *   settles here: then it commits, or rolls back and rethrows.
 */
export class PgliteThread implements PgliteLike {
  private next = 1;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private closing: Promise<void> | undefined;
  private failure: Error | undefined;
  /** Transactions begun and not yet ended (committed or rolled back). */
  private openTransactions = 0;
  /** Who waits for nothing to be in flight: no request unanswered, no transaction open. */
  private waitingForQuiet: (() => void)[] = [];

  private constructor(private readonly worker: Worker) {
    worker.on("message", (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (reply.ok) waiting.resolve(reply.value);
      else waiting.reject(fromShape(reply.error));
      this.whenQuiet();
    });
    const fail = (error: Error) => {
      if (!this.closing) console.error("the embedded database's thread failed:", error.message);
      this.failure = error;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
      this.whenQuiet();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`the database thread ended (exit code ${code})`)));
  }

  /** Starts the thread and opens PGlite on the cluster in `dir` there (createPglite). */
  static async open(dir: string): Promise<PgliteThread> {
    const worker = new Worker(new URL("./pglite-thread-host.ts", import.meta.url), {
      workerData: { dir },
      // The host and what it imports are TypeScript of erasable syntax only, which Node 24 runs
      // as it is (type stripping): no loader in the thread, and no second esbuild. Of this
      // process's own options only the profiler's pass (a heap size is the process's, refused).
      execArgv: process.execArgv.filter((option) => option.startsWith("--cpu-prof")),
    });
    let stopListening = () => {};
    const started = await new Promise<Started>((resolve, reject) => {
      const exited = (code: number) =>
        reject(new Error(`the database thread ended while opening (exit code ${code})`));
      worker.once("message", resolve).once("error", reject).once("exit", exited);
      stopListening = () => worker.off("message", resolve).off("error", reject).off("exit", exited);
    }).finally(() => stopListening());
    if (!started.started) {
      await worker.terminate();
      throw fromShape(started.error);
    }
    return new PgliteThread(worker);
  }

  private call(request: Unsent): Promise<unknown> {
    // Closing lets a transaction already open end, and the close itself through.
    if (this.closing && request.op !== "close" && request.op !== "end")
      return Promise.reject(new Error("PGlite is closed"));
    if (this.failure) return Promise.reject(this.failure);
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    return this.call({ op: "query", tx, ...shapeOf(text, params, options) }) as Promise<Results<T>>;
  }

  exec(text: string, options?: QueryOptions, tx?: number): Promise<Results[]> {
    if (options && Object.keys(options).length > 0) throw new Error("PgliteThread.exec takes no options");
    return this.call({ op: "exec", tx, text }) as Promise<Results[]>;
  }

  async transaction<T>(body: (tx: Transaction) => Promise<T>): Promise<T> {
    this.openTransactions++;
    try {
      return await this.transactionBody(body);
    } finally {
      this.openTransactions--;
      this.whenQuiet();
    }
  }

  private async transactionBody<T>(body: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = (await this.call({ op: "begin" })) as number;
    let ended = false;
    const end = (commit: boolean) => {
      ended = true;
      return this.call({ op: "end", tx: id, commit });
    };
    const tx: Transaction = {
      query: (text, params, options) => this.query(text, params, options, id),
      exec: (text, options) => this.exec(text, options, id),
      sql: () => Promise.reject(new Error("PgliteThread: use query(), not sql``")),
      listen: () => Promise.reject(new Error("PgliteThread: LISTEN is not supported")),
      rollback: async () => {
        await end(false);
      },
      get closed() {
        return ended;
      },
    };
    let result: T;
    try {
      result = await body(tx);
    } catch (error) {
      if (!ended) await end(false);
      throw error;
    }
    if (!ended) await end(true);
    return result;
  }

  /**
   * Closes PGlite once what was already asked is answered and every transaction already open has
   * ended (a body still running ends with its commit, or its rollback when its next statement is
   * refused). Requests after the close began are refused; a stuck transaction is waited for
   * `CLOSE_WAIT_MS` at most.
   */
  close(): Promise<void> {
    this.closing ??= (async () => {
      await Promise.race([
        new Promise<void>((quiet) => {
          this.waitingForQuiet.push(quiet);
          this.whenQuiet();
        }),
        setTimeout(CLOSE_WAIT_MS, undefined, { ref: false }),
      ]);
      const exited = once(this.worker, "exit");
      await this.call({ op: "close" });
      await Promise.race([exited, setTimeout(5_000)]);
      await this.worker.terminate();
    })();
    return this.closing;
  }

  private whenQuiet() {
    if (this.pending.size > 0 || this.openTransactions > 0) return;
    for (const quiet of this.waitingForQuiet.splice(0)) quiet();
  }
}

/** The longest a close waits for transactions still open before it closes PGlite anyway. */
const CLOSE_WAIT_MS = 10_000;

function shapeOf(text: string, params: unknown[] | undefined, options: QueryOptions | undefined): QueryShape {
  const { rowMode, parsers, ...rest } = options ?? {};
  if (Object.keys(rest).length > 0) {
    throw new Error(`PgliteThread: query options ${Object.keys(rest).join(", ")} cannot cross threads`);
  }
  const rawTypes = Object.entries(parsers ?? {}).map(([type, parse]) => {
    if (parse("1999-01-08", Number(type)) !== "1999-01-08") {
      throw new Error(
        `PgliteThread: the parser for type ${type} is not the identity and cannot cross threads`,
      );
    }
    return Number(type);
  });
  return { text, params, rowMode, ...(rawTypes.length > 0 ? { rawTypes } : {}) };
}
