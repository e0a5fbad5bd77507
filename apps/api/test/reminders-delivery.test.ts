/**
 * The reminder engine's deliveries against the QuickBooks sandbox's second sample company: a sync
 * that fails before sending, another company's reminders, SMTP failures and their retries, a payment
 * synced between the decision and the send.
 */
import { apiPaths } from "@recoup/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { qboConnections } from "../src/db/schema/index.ts";
import { deliverBatch, planCompany } from "../src/modules/reminders/index.ts";
import { SEND_ATTEMPTS, SEND_REMINDER } from "./internals.ts";
import { OTHER_REALM, syncNow } from "./kit/index.ts";
import { firstReminder, type LogRow, localTime, remindersWorldForFile } from "./reminders-fixture.ts";

const { w, setClock, get, post, q, turnOn, reminderMails, log, pay } = remindersWorldForFile();

describe("freshness before sending", () => {
  it("a sync that fails holds the company's reminders and says why; once it works they go", async () => {
    setClock(localTime("08:00"));
    const on = await turnOn(w.other);
    expect(on.status).toBe(200);
    const stale = new Date(Date.now() - 20 * 60_000);
    await w.t.ctx.db
      .update(qboConnections)
      .set({ lastSyncAt: stale })
      .where(eq(qboConnections.companyId, w.other.companyId));
    const faults = await fetch(`${w.qb.baseUrl}/_control/realms/${OTHER_REALM}/faults`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ rate5xx: 1, status5xx: 503 }),
    });
    expect(faults.status).toBe(200);

    setClock(localTime("09:01"));
    const blocked = await planCompany(w.t.ctx, w.other.companyId);
    expect(blocked.outcome).toBe("blocked");
    const settings = await get(`${apiPaths.reminders.settings}${q(w.other.companyId)}`, w.other.token);
    expect(settings.json.data.blocked.reason).toMatch(/QuickBooks sync before sending failed/);
    const dashboard = await get(`${apiPaths.dashboard.summary}${q(w.other.companyId)}`, w.other.token);
    expect(dashboard.json.data.reminders).toEqual({ enabled: true, blocked: settings.json.data.blocked });
    expect(await log(w.other.companyId, w.other.token)).toEqual([]);

    await fetch(`${w.qb.baseUrl}/_control/realms/${OTHER_REALM}/faults`, { method: "DELETE" });
    const store = w.qb.control.sandbox.realms.get(OTHER_REALM)!.store;
    const target = [...store.invoices.values()].find(
      (inv) => firstReminder(inv)?.stage === "after_due_date",
    )!;
    // Paid at QuickBooks a minute before the send time, not yet synced: the planner's sync sees it.
    await pay(OTHER_REALM, target.id);
    const expected = [...store.invoices.values()].filter(firstReminder);
    const planned = await planCompany(w.t.ctx, w.other.companyId);
    expect(planned).toMatchObject({ outcome: "planned", synced: true, decided: expected.length });
    const rows = await log(w.other.companyId, w.other.token);
    expect(rows.map((r) => r.invoiceId).sort()).toEqual(expected.map((inv) => String(inv.id)).sort());
    expect(rows.some((r) => r.invoiceId === String(target.id))).toBe(false);
    const after = await get(`${apiPaths.reminders.settings}${q(w.other.companyId)}`, w.other.token);
    expect(after.json.data.blocked).toBeNull();
    const dashboard2 = await get(`${apiPaths.dashboard.summary}${q(w.other.companyId)}`, w.other.token);
    expect(dashboard2.json.data.reminders).toEqual({ enabled: true, blocked: null });
  });

  it("refuses another company's reminders", async () => {
    for (const path of [
      apiPaths.reminders.log,
      apiPaths.reminders.upcoming,
      apiPaths.reminders.usage,
      apiPaths.reminders.enablePreview,
    ]) {
      expect((await get(`${path}${q(w.other.companyId)}`)).status).toBe(403);
    }
    const send = await post(apiPaths.reminders.send, {
      companyId: w.other.companyId,
      invoiceId: "1",
      stage: "after_due_date",
      subject: "x",
      html: "<p>x</p>",
    });
    expect(send.status).toBe(403);
    expect(
      (await post(apiPaths.reminders.pause, { companyId: w.other.companyId, invoiceId: "1" })).status,
    ).toBe(403);
  });
});

describe("delivery failures", () => {
  it("retry, then stay visible as failed with the last error", async () => {
    const store = w.qb.control.sandbox.realms.get(OTHER_REALM)!.store;
    const reminded = new Set((await log(w.other.companyId, w.other.token)).map((r) => r.invoiceId));
    const target = [...store.invoices.values()].find(
      (inv) => !inv.voided && inv.balance > 0 && inv.email && !reminded.has(String(inv.id)),
    )!;
    const mailer = w.t.ctx.mailer!;
    w.t.ctx.mailer = {
      send: async () => {
        throw new Error("421 the SMTP server is unavailable");
      },
      close: () => {},
    };
    try {
      const sent = await post(
        apiPaths.reminders.send,
        {
          companyId: w.other.companyId,
          invoiceId: String(target.id),
          stage: "before_due_date",
          subject: "A reminder",
          html: "<p>Please pay.</p>",
        },
        w.other.token,
      );
      expect(sent.status).toBe(200);
      const id = sent.json.data.reminderId as string;
      const row = async () => (await log(w.other.companyId, w.other.token)).find((r) => r.id === id)!;
      // The queue's first attempt fails and is retried later (with backoff); the next ones run here.
      await expect.poll(async () => (await row()).attempts, { timeout: 10_000 }).toBe(1);
      expect((await row()).status).toBe("queued");
      for (let attempt = 2; attempt < SEND_ATTEMPTS; attempt++) {
        await expect(deliverBatch(w.t.ctx, [id])).rejects.toThrow(/SMTP server is unavailable/);
      }
      await deliverBatch(w.t.ctx, [id]);
      expect(await row()).toMatchObject({
        status: "failed",
        attempts: SEND_ATTEMPTS,
        error: "421 the SMTP server is unavailable",
      });
      const failed = await get(
        `${apiPaths.reminders.log}${q(w.other.companyId)}&status=failed`,
        w.other.token,
      );
      expect(failed.json.data.reminders.map((r: LogRow) => r.id)).toEqual([id]);
    } finally {
      w.t.ctx.mailer = mailer;
    }
  });
});

describe("just before sending", () => {
  it("a payment synced after the decision stops the reminder; the others go", async () => {
    // The send jobs wait while the payment is made and synced.
    await w.t.ctx.queue.boss.offWork(SEND_REMINDER);
    let working = false;
    try {
      setClock(localTime("09:03", "2026-03-17"));
      const before = new Set((await log(w.other.companyId, w.other.token)).map((r) => r.id));
      const planned = await planCompany(w.t.ctx, w.other.companyId);
      expect(planned).toMatchObject({ outcome: "planned" });
      const decided = (await log(w.other.companyId, w.other.token)).filter((r) => !before.has(r.id));
      expect(decided.length).toBeGreaterThanOrEqual(2);
      expect(decided.every((r) => r.status === "queued")).toBe(true);
      const [stopped, ...going] = decided as [LogRow, ...LogRow[]];
      await pay(OTHER_REALM, Number(stopped.invoiceId));
      await syncNow(w.t.ctx, w.other.companyId);
      await w.t.ctx.queue.work([SEND_REMINDER]);
      working = true;
      await expect
        .poll(
          async () =>
            (await log(w.other.companyId, w.other.token)).filter(
              (r) => !before.has(r.id) && r.status !== "queued",
            ).length,
          {
            timeout: 15_000,
          },
        )
        .toBe(decided.length);
      const after = await log(w.other.companyId, w.other.token);
      expect(after.find((r) => r.id === stopped.id)).toMatchObject({
        status: "cancelled",
        error: "The invoice was paid.",
        attempts: 0,
      });
      for (const r of going) expect(after.find((a) => a.id === r.id)?.status).toBe("sent");
      const mails = await reminderMails();
      expect(mails.some((m) => m.headers["message-id"] === stopped.messageId)).toBe(false);
      expect(going.every((r) => mails.some((m) => m.headers["message-id"] === r.messageId))).toBe(true);
    } finally {
      if (!working) await w.t.ctx.queue.work([SEND_REMINDER]);
    }
  });
});

describe("a send job's batch", () => {
  it("sends the others when one send fails, and its retry sends only that one", async () => {
    await w.t.ctx.queue.boss.offWork(SEND_REMINDER);
    const mailer = w.t.ctx.mailer!;
    try {
      setClock(localTime("09:03", "2026-04-07"));
      const before = new Set((await log(w.other.companyId, w.other.token)).map((r) => r.id));
      expect(await planCompany(w.t.ctx, w.other.companyId)).toMatchObject({ outcome: "planned" });
      const decided = (await log(w.other.companyId, w.other.token)).filter((r) => !before.has(r.id));
      expect(decided.length).toBeGreaterThanOrEqual(3);
      const refused = decided[1]!;
      let refusals = 0;
      w.t.ctx.mailer = {
        send: async (message) => {
          if (message.messageId === refused.messageId && refusals++ === 0)
            throw new Error("450 mailbox busy");
          return mailer.send(message);
        },
        close: () => {},
      };
      const ids = decided.map((r) => r.id);
      await expect(deliverBatch(w.t.ctx, ids)).rejects.toThrow(/450 mailbox busy/);
      const first = await log(w.other.companyId, w.other.token);
      for (const r of decided) {
        const row = first.find((a) => a.id === r.id)!;
        if (r.id === refused.id) expect(row).toMatchObject({ status: "queued", attempts: 1 });
        else expect(row).toMatchObject({ status: "sent", attempts: 1 });
      }
      // The queue's retry of the whole job: only the refused one goes, on its second attempt.
      await deliverBatch(w.t.ctx, ids);
      const second = await log(w.other.companyId, w.other.token);
      for (const r of decided) {
        const row = second.find((a) => a.id === r.id)!;
        expect(row.status).toBe("sent");
        expect(row.attempts).toBe(r.id === refused.id ? 2 : 1);
      }
      const mails = await reminderMails();
      for (const r of decided)
        expect(mails.filter((m) => m.headers["message-id"] === r.messageId)).toHaveLength(1);
    } finally {
      w.t.ctx.mailer = mailer;
      await w.t.ctx.queue.work([SEND_REMINDER]);
    }
  });
});
