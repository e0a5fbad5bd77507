/**
 * Many rows in one statement and one parameter: the rows as JSON, read back by
 * `jsonb_array_elements`, each row an array in the columns' order. Drizzle's multi-row `values()` spent about 0.2 ms of CPU a row on the
 * synced tables (its per-value checks: 41 of the large import's 72 busy seconds, decision 0025);
 * this costs a `JSON.stringify`. The columns are the rows' keys (a row without one writes null);
 * the table's other columns take their defaults.
 */
import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

/** The schema's camelCase key as the snake_case column it is stored in (the client's casing). */
export const columnName = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const quoted = (name: string) => `"${name}"`;

/** Element `i` of a row as the column's type: an array column from its JSON array, the rest from text. */
const pick = (i: number, type: string) =>
  type.endsWith("[]")
    ? `case when jsonb_typeof(r->${i}) = 'array' then array(select jsonb_array_elements_text(r->${i}))::${type} end`
    : `(r->>${i})::${type}`;

/** `(columns) select … from jsonb_array_elements($1)`: the body of an insert of `rows` into `table`. */
export function jsonRowsInsert(table: PgTable, rows: readonly Record<string, unknown>[]): SQL {
  const { names, select } = jsonRows(table, rows);
  return sql`(${sql.raw(names.join(", "))}) ${select}`;
}

/** The rows as a `select … from jsonb_array_elements($1)` of the table's columns (their names apart). */
export function jsonRows(table: PgTable, rows: readonly Record<string, unknown>[]) {
  const all = getTableColumns(table);
  const present = new Set<string>();
  for (const row of rows) for (const key in row) present.add(key);
  const keys = [...present].filter((key) => key in all);
  const names = keys.map((key) => quoted(columnName(key)));
  const json = JSON.stringify(rows.map((row) => keys.map((key) => row[key] ?? null)));
  // Arrays, not objects: the column names are written once, not once a row.
  const picks = keys.map((key, i) => `${pick(i, all[key]!.getSQLType())} as ${quoted(columnName(key))}`);
  return {
    names,
    select: sql`select ${sql.raw(picks.join(", "))} from jsonb_array_elements(${json}::jsonb) as r`,
  };
}

/**
 * An upsert's `do update set` for these schema keys but the conflict key's: each column from the
 * row that conflicted (`excluded`).
 */
export function setFromExcluded(keys: readonly string[], conflictKeys: readonly string[]): SQL {
  const set = keys
    .filter((key) => !conflictKeys.includes(key))
    .map((key) => `${quoted(columnName(key))} = excluded.${quoted(columnName(key))}`);
  return sql.raw(set.join(", "));
}
