/**
 * The messages between PgliteThread (the app's thread) and pglite-thread-host.ts (the database's
 * thread). Everything in them survives structured cloning: no functions, so the only parsers that
 * cross are the identity ones, named by type id.
 */

export interface QueryShape {
  text: string;
  params?: unknown[];
  rowMode?: "array" | "object";
  /** Type ids whose values come back as PostgreSQL's text, unparsed (drizzle's date and interval types). */
  rawTypes?: number[];
}

export type Request = { id: number } & (
  | ({ op: "query"; tx?: number } & QueryShape)
  | { op: "exec"; tx?: number; text: string }
  /** Opens a transaction; its reply's value is the transaction's id for the requests inside it. */
  | { op: "begin" }
  | { op: "end"; tx: number; commit: boolean }
  | { op: "close" }
);

export type Reply = { id: number } & ({ ok: true; value: unknown } | { ok: false; error: ErrorShape });

/** The host says it is ready (PGlite open) or that it could not open. */
export type Started = { started: true } | { started: false; error: ErrorShape };

/** An error's message, name and fields (PostgreSQL's `code`, `constraint`, `detail`, …). */
export interface ErrorShape {
  message: string;
  name: string;
  stack?: string;
  fields: Record<string, string | number | boolean>;
}

export function toShape(error: unknown): ErrorShape {
  if (!(error instanceof Error)) return { message: String(error), name: "Error", fields: {} };
  const fields: ErrorShape["fields"] = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
      fields[key] = value;
  }
  return { message: error.message, name: error.name, stack: error.stack, fields };
}

/** The error again on this side, its fields as own properties (so `error.code` reads as it did). */
export function fromShape(shape: ErrorShape): Error {
  const error = new Error(shape.message);
  error.name = shape.name;
  Object.assign(error, shape.fields);
  if (shape.stack) error.stack = shape.stack; // where it failed: in the database thread
  return error;
}
