/**
 * The SQL one request runs, for bench/collections.bench.ts: captured from the app's own client
 * (pg-boss's polling left out) with when each statement was in flight, then replayed directly in
 * the same groups, or explained.
 */
export type Query = (...args: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** The statements one request runs (pg-boss's own polling left out), with when each was in flight. */
export interface Captured {
  args: unknown[];
  text: string;
  params: unknown[];
  start: number;
  end: number;
}

export async function capture(client: { query: Query }, run: () => Promise<unknown>): Promise<Captured[]> {
  const original = client.query;
  const seen: Captured[] = [];
  client.query = async function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text: string; values?: unknown[] };
    const text = typeof first === "string" ? first : first.text;
    const params =
      (args[1] as unknown[] | undefined) ?? (typeof first === "string" ? [] : (first.values ?? []));
    const entry: Captured = { args, text, params, start: performance.now(), end: 0 };
    if (!text.includes("pgboss")) seen.push(entry);
    try {
      return await original.apply(client, args);
    } finally {
      entry.end = performance.now();
    }
  } as Query;
  try {
    await run();
  } finally {
    client.query = original;
  }
  return seen;
}

/** Statements in flight together form a group; groups run one after the other, as in the request. */
export function groups(statements: Captured[]) {
  const out: Captured[][] = [];
  let end = -1;
  for (const s of statements) {
    if (out.length && s.start < end) out.at(-1)!.push(s);
    else out.push([s]);
    end = Math.max(end, s.end);
  }
  return out;
}

export async function replay(client: { query: Query }, plan: Captured[][]) {
  const t = performance.now();
  for (const group of plan) await Promise.all(group.map((s) => client.query(...s.args)));
  return performance.now() - t;
}

/** EXPLAIN (ANALYZE, BUFFERS) of each statement, with its text and parameters above it. */
export async function explain(client: { query: Query }, statements: Captured[]) {
  let out = "";
  for (const s of statements) {
    const { rows } = await client.query(`explain (analyze, buffers) ${s.text}`, s.params);
    out += `-- ${s.text.replace(/\s+/g, " ").trim()}\n-- params: ${JSON.stringify(s.params)}\n`;
    out += `${rows.map((r) => r["QUERY PLAN"]).join("\n")}\n\n`;
  }
  return out;
}
