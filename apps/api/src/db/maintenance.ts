import { sql } from "drizzle-orm";
import type { DbOrTx } from "./client.ts";
import { emailMessages, invoiceThreads, reminderPauses, reminders } from "./schema/index.ts";

/**
 * PGlite has no autovacuum. The tables the reminder engine and the job queue rewrite all day
 * (each sent reminder leaves two dead row versions: attempt counted, then sent; each job three)
 * are vacuumed and analyzed here, as autovacuum would on PostgreSQL; without it PGlite's sends
 * wade through the dead versions (bench/README.md, "Reminders"). The synced tables are vacuumed
 * by the sync itself (`vacuumSynced`).
 */
export async function vacuumEngineTables(db: DbOrTx) {
  await db.execute(
    sql`vacuum (analyze) ${reminders}, ${reminderPauses}, ${emailMessages}, ${invoiceThreads}, pgboss.job, pgboss.archive`,
  );
}
