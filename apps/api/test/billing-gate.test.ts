/**
 * The server's gate and the usage limit, with a company synced with the sample QuickBooks company
 * and its subscription in the Stripe sandbox: a trial that ended stops automatic and manual
 * reminders (402) while the data stays readable; a planning run takes new invoices only while the
 * plan's monthly limit has room; at the limit reminders wait for the next month and the owner gets
 * one email.
 */
import { apiPaths, errorCodes } from "@recoup/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planCompany } from "../src/modules/reminders/index.ts";
import {
  addCardInPortal,
  advanceClock,
  type BillingWorld,
  details,
  detailsWhen,
  startBillingWorld,
  subscriptionRow,
  subscriptionRowWhen,
} from "./billing-fixture.ts";
import { REMINDER_PLANNER } from "./internals.ts";
import {
  type CompanyUser,
  connectedCompany,
  type QuickBooksSandbox,
  SAMPLE_REALM,
  sleep,
  startQuickBooks,
  until,
} from "./kit/index.ts";

let w: BillingWorld;
let qb: QuickBooksSandbox;
let user: CompanyUser;
let clockId: string;

/** Noon UTC today: inside the company's sending window (UTC, from 09:00, every day). */
const noon = new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`);
const nextMonth = new Date(Date.UTC(noon.getUTCFullYear(), noon.getUTCMonth() + 1, 1, 12));

beforeAll(async () => {
  const started = await startQuickBooks();
  qb = started.qb;
  w = await startBillingWorld(started.env);
  await w.t.ctx.queue.boss.unschedule(REMINDER_PLANNER);
  w.t.ctx.now = () => noon;
  user = await connectedCompany(w.t, qb.baseUrl, { timezone: "UTC", firstName: "Grace" });
  const row = await subscriptionRowWhen(
    w.t,
    user.companyId,
    (r) => Boolean(r.providerSubscriptionId),
    "provisioned",
  );
  clockId = row.providerTestClockId!;
  const on = await w.call("POST", apiPaths.reminders.settings, {
    token: user.token,
    body: {
      companyId: user.companyId,
      enabled: true,
      sendTime: "09:00",
      weekdaysOnly: false,
      confirm: true,
      combineReminders: false,
    },
  });
  expect(on.status).toBe(200);
}, 120_000);
afterAll(async () => {
  await w?.close();
  await qb?.close();
});

/** Open invoices with an email address, from the sandbox's own records. */
const remindable = () =>
  [...qb.control.sandbox.realms.get(SAMPLE_REALM)!.store.invoices.values()]
    .filter((inv) => !inv.voided && inv.balance > 0 && inv.email)
    .map((inv) => String(inv.id));

const send = (invoiceId: string) =>
  w.call("POST", apiPaths.reminders.send, {
    token: user.token,
    body: {
      companyId: user.companyId,
      invoiceId,
      stage: "after_due_date",
      subject: `About invoice ${invoiceId}`,
      html: "<p>Please pay.</p>",
    },
  });

async function sentCount() {
  const res = await w.call("GET", `${apiPaths.reminders.log}?companyId=${user.companyId}&limit=100&page=1`, {
    token: user.token,
  });
  return (res.json.data.reminders as { status: string }[]).filter((r) => r.status === "sent").length;
}
const waitSent = (n: number) =>
  until(async () => (await sentCount()) >= n, 20_000, { what: `${n} reminders sent` });

const longDate = (d: Date) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(d);

describe("the gate", () => {
  it("sends during the trial, which has no limit", async () => {
    const [first] = remindable();
    const res = await send(first!);
    expect(res.status).toBe(200);
    await waitSent(1);
    expect((await details(w, user)).subscriptionDetails).toMatchObject({
      status: "trialing",
      usageLimit: null,
      invoicesUsed: 1,
    });
  });

  it("after the trial: manual sends answer 402, automatic ones are held, the data stays readable", async () => {
    await advanceClock(w, clockId, 15);
    await detailsWhen(w, user, (s) => s.trialEnd! < noon.getTime() / 1000);
    const refused = await send(remindable()[1]!);
    expect(refused.status).toBe(402);
    expect(refused.json.error).toEqual({
      code: errorCodes.subscriptionRequired,
      message: "Your trial period has ended. Choose a plan on the Billing page to send reminders again.",
    });
    expect(await planCompany(w.t.ctx, user.companyId)).toEqual({
      outcome: "blocked",
      reason: "Your trial period has ended. Choose a plan on the Billing page to send reminders again.",
    });
    const settings = await w.call("GET", `${apiPaths.reminders.settings}?companyId=${user.companyId}`, {
      token: user.token,
    });
    expect(settings.json.data.blocked.reason).toContain("Your trial period has ended.");
    expect(await sentCount()).toBe(1);
    // read and export as before
    const list = await w.call("GET", `${apiPaths.invoices.list}?companyId=${user.companyId}`, {
      token: user.token,
    });
    expect(list.status).toBe(200);
    expect(list.json.data.total).toBeGreaterThan(0);
    const csv = await w.call("GET", `${apiPaths.invoices.ageReportCsv}?companyId=${user.companyId}`, {
      token: user.token,
    });
    expect(csv.status).toBe(200);
  });
});

describe("the usage limit", () => {
  it("at the plan's limit: 402 with the reason, automatic reminders held, one email to the owner", async () => {
    // Paid, then on a plan of 2 invoices a month (the limit is the plan's invoice_limit metadata).
    const { sessionURL } = await details(w, user);
    expect((await addCardInPortal(sessionURL!, "4242 4242 4242 4242")).status).toBe(303);
    await detailsWhen(w, user, (s) => s.status === "active" && s.usageLimit === 100);
    const product = await w.stripe.products.create({ name: "Tiny", metadata: { invoice_limit: "2" } });
    const price = await w.stripe.prices.create({
      product: product.id,
      currency: "usd",
      unit_amount: 500,
      recurring: { interval: "month" },
    });
    const row = await subscriptionRow(w.t, user.companyId);
    const sub = await w.stripe.subscriptions.retrieve(row.providerSubscriptionId!);
    await w.stripe.subscriptions.update(sub.id, { items: [{ id: sub.items.data[0]!.id, price: price.id }] });
    await detailsWhen(w, user, (s) => s.usageLimit === 2 && s.planName === "Tiny");

    // One invoice counts so far. Dozens of overdue invoices are due a reminder at noon, but the
    // planning run takes one new invoice only (and any more reminders of the one that counts).
    const planned = await planCompany(w.t.ctx, user.companyId);
    expect(planned).toMatchObject({ outcome: "planned" });
    const decided = (planned as { decided: number }).decided;
    expect(remindable().length).toBeGreaterThan(10);
    expect(decided).toBeGreaterThanOrEqual(1);
    expect(decided).toBeLessThanOrEqual(2);
    await waitSent(1 + decided);
    expect((await details(w, user)).subscriptionDetails).toMatchObject({ invoicesUsed: 2, usageLimit: 2 });
    const [, , third] = remindable();
    const resumesOn = longDate(new Date(Date.UTC(noon.getUTCFullYear(), noon.getUTCMonth() + 1, 1)));
    const message = `This month's 2 invoices of the Tiny plan are used: reminders resume on ${resumesOn}. To send more now, change your plan on the Billing page.`;
    const refused = await send(third!);
    expect(refused.status).toBe(402);
    expect(refused.json.error).toEqual({ code: errorCodes.usageLimitReached, message });
    expect(await planCompany(w.t.ctx, user.companyId)).toEqual({ outcome: "blocked", reason: message });
    expect(await planCompany(w.t.ctx, user.companyId)).toEqual({ outcome: "blocked", reason: message });
    expect((await details(w, user)).subscriptionDetails).toMatchObject({ invoicesUsed: 2, usageLimit: 2 });

    const mail = await w.t.mailbox.waitFor(user.email, /invoices for this month are used/);
    expect(mail.subject).toBe("Recoup: the Tiny plan's 2 invoices for this month are used");
    expect(mail.text).toContain(`Automatic reminders are paused until ${resumesOn}`);
    await sleep(1500);
    expect(
      (await w.t.mailbox.to(user.email)).filter((m) => /for this month are used/.test(m.subject)),
    ).toHaveLength(1);
    expect(await sentCount()).toBe(1 + decided);
  });

  it("next month the count starts again", async () => {
    w.t.ctx.now = () => nextMonth;
    const res = await send(remindable()[2]!);
    expect(res.status).toBe(200);
    expect((await details(w, user)).subscriptionDetails).toMatchObject({
      usageMonth: nextMonth.toISOString().slice(0, 7),
    });
  });
});
