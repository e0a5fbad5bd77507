/** What the lists' queries share: a search pattern and a sort direction. */
import { sql } from "drizzle-orm";

/** `ILIKE` pattern for a substring, with `%`, `_` and `\` taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Sort direction from the allow-list; PostgreSQL's default null placement, so one index serves both. */
export const direction = (order: "asc" | "desc") => sql.raw(order === "asc" ? "asc" : "desc");
