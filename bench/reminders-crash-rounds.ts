/**
 * One round of bench/reminders-crash.ts: a worker with the hook plans a company and dies at the
 * point; the dead worker's jobs are recovered (or left to the queue's expiry); a plain worker runs
 * until the company's reminders are recorded sent.
 */
import { sleep, until } from "@recoup/api/testing";
import { type CrashPoint, REMINDER_PLAN, SEND_REMINDER } from "@recoup/api/testing/internals";
import type PgBoss from "pg-boss";
import type { crashWorkers } from "./reminders-crash-worker.ts";
import { log } from "./util.ts";

type Exec = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export function crashRounds(o: { exec: Exec; boss: PgBoss; workers: ReturnType<typeof crashWorkers> }) {
  const { exec, boss, workers } = o;

  /** What pg-boss's maintenance does to a dead worker's jobs once they expire, done now. */
  async function recoverDeadWorkersJobs() {
    for (const queue of [REMINDER_PLAN, SEND_REMINDER]) {
      const active = await exec(
        `select id from pgboss.job where name = $1 and state = 'active' and started_on is not null`,
        [queue],
      );
      if (active.length > 0)
        await boss.fail(
          queue,
          active.map((r) => r.id as string),
        );
    }
    // The retry's delay (30 s, then doubling) is only time.
    await exec(`update pgboss.job set start_after = now() where state = 'retry'`);
  }

  /**
   * Turns the company's reminders on (its data just synced) and has a worker started with the hook
   * plan it. Answers whether it died at the point; one that did not is killed.
   */
  async function planAndKill(point: CrashPoint, companyId: string, round: string) {
    await exec("update reminder_settings set enabled = true, enabled_at = now() where company_id = $1", [
      companyId,
    ]);
    await exec("update qbo_connections set last_sync_at = now() where company_id = $1", [companyId]);
    const crashing = await workers.startWorker(point);
    await boss.send(REMINDER_PLAN, { companyId }, { singletonKey: companyId });
    const how = await Promise.race([crashing.exited, sleep(90_000).then(() => "timeout")]);
    const killed = how === "SIGKILL" && crashing.stderr().includes(`killed at ${point}`);
    if (!killed) {
      crashing.child.kill("SIGKILL");
      log(`${round} ${point}: the worker was not killed at the point (${how})`);
    }
    return killed;
  }

  /**
   * A worker without the hook runs until the company's `reminders` are all recorded sent; then they
   * are turned off.
   */
  async function untilSent(round: string, companyId: string, reminders: number, timeoutMs = 90_000) {
    const recovering = await workers.startWorker();
    await until(
      async () => {
        const [r] = await exec(
          `select count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status <> 'sent')::int as other
           from reminders where company_id = $1`,
          [companyId],
        );
        return (r!.sent as number) >= reminders && r!.other === 0;
      },
      timeoutMs,
      { what: `${round}: its reminders sent` },
    );
    await workers.stopWorker(recovering);
    await exec("update reminder_settings set enabled = false where company_id = $1", [companyId]);
  }

  return { recoverDeadWorkersJobs, planAndKill, untilSent };
}
