import { sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * What the lists search, as one text per row for a trigram index (`ILIKE '%…%'`); the queries
 * use the same expression so the index applies. The unit separator keeps fields apart.
 */
const searchText = (...columns: AnyPgColumn[]) =>
  sql.join(
    columns.map((c) => sql`coalesce(${c}, '')`),
    sql` || chr(31) || `,
  );

export const invoiceSearchText = (t: {
  docNumber: AnyPgColumn;
  customerName: AnyPgColumn;
  email: AnyPgColumn;
}) => searchText(t.docNumber, t.customerName, t.email);

export const customerSearchText = (t: { displayName: AnyPgColumn; email: AnyPgColumn }) =>
  searchText(t.displayName, t.email);
