/**
 * The reminder engine's previews, a company's time zone and locale, and its tables' upkeep.
 */
import { apiPaths } from "@recoup/contracts";
import { sql } from "drizzle-orm";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { dayText, TIMEZONE, TODAY, todayDay } from "./collections-fixture.ts";
import { DB_MAINTENANCE } from "./internals.ts";
import { OTHER_REALM, until } from "./kit/index.ts";
import { firstReminder, localTime, remindersWorldForFile } from "./reminders-fixture.ts";

const { w, setClock, get, post, q, sampleInvoices } = remindersWorldForFile();

describe("previews", () => {
  it("has a sandbox 'today' on a Monday, and remindable invoices of every stage", () => {
    expect(DateTime.fromISO(TODAY, { zone: TIMEZONE }).weekday).toBe(1);
    const stages = new Set(sampleInvoices().map((inv) => firstReminder(inv)?.stage));
    expect(stages).toEqual(new Set([undefined, "before_due_date", "on_due_date", "after_due_date"]));
  });

  it("previews each template with an invoice its stage fits: the next one due, or the most overdue", async () => {
    setClock(localTime("08:00"));
    const open = sampleInvoices()
      .filter((inv) => !inv.voided && inv.balance > 0 && inv.email)
      .sort((a, b) => a.dueDate - b.dueDate || (String(a.id) < String(b.id) ? -1 : 1));
    const nextDue = open.find((inv) => inv.dueDate >= todayDay);
    if (!nextDue) throw new Error("the sample company has no open invoice due today or later");
    // The two choices differ, or the test could not tell them apart.
    expect(nextDue).not.toBe(open[0]);
    const shownWith = async (type: string) =>
      (await post(apiPaths.templates.preview, { companyId: w.user.companyId, type })).json.data.invoice;
    expect(await shownWith("before_due_date")).toMatchObject({
      id: String(nextDue.id),
      dueDate: dayText(nextDue.dueDate),
    });
    expect(await shownWith("on_due_date")).toMatchObject({ id: String(nextDue.id) });
    expect(await shownWith("after_due_date")).toMatchObject({
      id: String(open[0]!.id),
      dueDate: dayText(open[0]!.dueDate),
    });
  });

  it("says 'now' when turned on inside the window", async () => {
    setClock(localTime("14:00"));
    const preview = await get(`${apiPaths.reminders.enablePreview}${q(w.other.companyId)}`, w.other.token);
    expect(preview.json.data).toMatchObject({ now: true, at: localTime("14:00").toISOString() });
    setClock(localTime("08:00"));
  });
});

describe("a company changing its time zone and locale", () => {
  it("moves 'today' and the send window with the zone, and writes money in the new locale", async () => {
    const otto = w.other;
    const instant = localTime("12:30");
    setClock(instant);
    const settings = () => get(`${apiPaths.reminders.settings}${q(otto.companyId)}`, otto.token);
    expect((await settings()).json.data).toMatchObject({ timezone: TIMEZONE, locale: "en-US" });
    expect((await settings()).json.data.window).toMatchObject({ open: true, today: TODAY });

    const save = (extra: Record<string, unknown>) =>
      post(
        apiPaths.reminders.settings,
        { companyId: otto.companyId, enabled: false, sendTime: "09:00", weekdaysOnly: true, ...extra },
        otto.token,
      );
    const bad = await save({ timezone: "Mars/Olympus_Mons" });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toBe("Please choose a valid time zone");
    expect((await save({ locale: "xx-YY" })).status).toBe(400);

    const saved = await save({ timezone: "Asia/Tokyo", locale: "de-DE" });
    expect(saved.status).toBe(200);
    // Worked out independently: the same instant in Tokyo.
    const tokyo = DateTime.fromJSDate(instant).setZone("Asia/Tokyo");
    expect(saved.json.data).toMatchObject({ timezone: "Asia/Tokyo", locale: "de-DE" });
    expect(saved.json.data.window.today).toBe(tokyo.toISODate());
    expect(saved.json.data.window.open).toBe(tokyo.hour >= 9 && tokyo.hour < 18 && tokyo.weekday <= 5);

    const store = w.qb.control.sandbox.realms.get(OTHER_REALM)!.store;
    const open = [...store.invoices.values()].find((inv) => !inv.voided && inv.balance > 0 && inv.email)!;
    const draft = await get(
      `${apiPaths.reminders.draft}${q(otto.companyId)}&invoiceId=${open.id}`,
      otto.token,
    );
    expect(draft.status).toBe(200);
    const amount = new Intl.NumberFormat("de-DE", { style: "currency", currency: open.currency }).format(
      open.balance / 100,
    );
    expect(draft.json.data.html.replace(/\u00a0/g, " ")).toContain(amount.replace(/\u00a0/g, " "));
  });
});

describe("the engine's tables", () => {
  it("are vacuumed every ten minutes on the embedded database, which has no autovacuum", async () => {
    const { boss } = w.t.ctx.queue;
    const upkeep = (await boss.getSchedules()).find((s) => s.name === DB_MAINTENANCE);
    if (w.t.ctx.database.kind === "postgres") {
      expect(upkeep).toBeUndefined();
      return;
    }
    expect(upkeep?.cron).toBe("*/10 * * * *");
    const lastVacuum = async () =>
      (
        (await w.t.ctx.db.execute(
          sql`select relname, coalesce(extract(epoch from last_vacuum) * 1000, 0)::float8 as at
              from pg_stat_user_tables
              where relname in ('reminders', 'email_messages', 'invoice_threads', 'reminder_pauses')`,
        )) as unknown as { rows: { relname: string; at: number }[] }
      ).rows;
    const before = Date.now() - 1000;
    await boss.send(DB_MAINTENANCE, {});
    const rows = await until(
      async () => {
        const vacuumed = await lastVacuum();
        return !vacuumed.some((r) => r.at < before) && vacuumed;
      },
      20_000,
      { what: "the tables vacuumed", intervalMs: 200 },
    );
    expect(rows).toHaveLength(4);
    for (const r of rows) expect(r.at, r.relname).toBeGreaterThanOrEqual(before);
  });
});
