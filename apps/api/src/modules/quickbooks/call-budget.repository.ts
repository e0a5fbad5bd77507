/** The realms' calls in flight and in the last minute, for the call budget (decision 0025). */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

/** A call not given back (its process died) counts as in flight this long: Intuit's cut-off and a margin. */
const STALE_SECONDS = 130;

/** Takes a place for one request to the realm, or says how long to wait for one. */
export async function takeCall(
  db: Db,
  realmId: string,
  limits: { perMinute: number; inFlight: number },
  pollMs: number,
): Promise<{ id: number } | { waitMs: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`qbo-calls:${realmId}`}, 0))`);
    await tx.execute(sql`delete from qbo_calls where realm_id = ${realmId}
      and started_at < clock_timestamp() - make_interval(secs => ${STALE_SECONDS})`);
    const counted = await tx.execute(sql`
      select count(*) filter (where started_at > clock_timestamp() - interval '60 seconds')::int as "minute",
        count(*) filter (where finished_at is null)::int as "inFlight",
        ceil(extract(epoch from min(started_at) filter (where started_at > clock_timestamp() - interval '60 seconds')
          + interval '60 seconds' - clock_timestamp()) * 1000)::int as "untilRoom"
      from qbo_calls where realm_id = ${realmId}`);
    const now = (
      counted as unknown as { rows: { minute: number; inFlight: number; untilRoom: number | null }[] }
    ).rows[0]!;
    if (now.minute >= limits.perMinute) return { waitMs: Math.max(1, now.untilRoom ?? pollMs) };
    if (now.inFlight >= limits.inFlight) return { waitMs: pollMs };
    const inserted = await tx.execute(sql`insert into qbo_calls (realm_id, started_at)
      values (${realmId}, clock_timestamp()) returning id::int as "id"`);
    return (inserted as unknown as { rows: { id: number }[] }).rows[0]!;
  });
}

/** The call was answered: it no longer counts as in flight. */
export async function callAnswered(db: Db, id: number) {
  await db.execute(sql`update qbo_calls set finished_at = clock_timestamp() where id = ${id}`);
}
