/**
 * Promises to pay and disputes, from the customer page and from the invoice's thread, and what the
 * reminder engine does with them: a promised invoice is not chased through its date, the day after
 * it gets 'Missed Promise' exactly once, then the schedule again a whole interval later; a disputed
 * one is not chased until resolved. Expected invoices and dates come from the sandbox's records.
 */
import { apiPaths, customerPageMessages, disputeReasonLabels, holdMessages } from "@recoup/contracts";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { planCompany } from "../src/modules/reminders/index.ts";
import { dayText, type InvoiceRecord, TODAY, todayDay } from "./collections-fixture.ts";
import { firstReminder, localTime, longDate, remindersWorldForFile } from "./reminders-fixture.ts";

const { w, setClock, get, post, q, sampleInvoices, turnOn, log } = remindersWorldForFile();

const pagePath = (path: string, token: string) => path.replace(":token", token);
const at = (date: string, hhmm = "09:01") => localTime(hhmm, date);
const plus = (date: string, days: number) => DateTime.fromISO(date).plus({ days }).toISODate()!;
/** A new link to the customer's page, as 'Preview customer page' makes it. */
async function tokenFor(inv: InvoiceRecord, user = w.user) {
  const res = await post(
    apiPaths.customers.pageLink,
    { companyId: user.companyId, customerRef: String(inv.customerId) },
    user.token,
  );
  expect(res.status).toBe(200);
  return new URL(res.json.data.url).pathname.split("/").at(-1)!;
}
const promise = (token: string, body: Record<string, unknown>) =>
  w.call("POST", pagePath(apiPaths.pay.promise, token), { body });
const dispute = (token: string, body: Record<string, unknown>) =>
  w.call("POST", pagePath(apiPaths.pay.dispute, token), { body });
const page = async (token: string) => (await w.call("GET", pagePath(apiPaths.pay.page, token))).json.data;
const thread = async (inv: InvoiceRecord) =>
  (await get(`${apiPaths.communications.thread}${q()}&invoiceId=${inv.id}&customerRef=${inv.customerId}`))
    .json.data;
const listed = async (hold: string) =>
  (await get(`${apiPaths.invoices.list}${q()}&hold=${hold}&limit=100`)).json.data.invoices as {
    id: string;
    promise: unknown;
    dispute: unknown;
  }[];
/** The invoice's reminders, oldest first. */
const decidedFor = async (inv: InvoiceRecord) =>
  (await log())
    .filter((r) => r.invoiceId === String(inv.id))
    .sort((a, b) => a.decidedAt.localeCompare(b.decidedAt));

/** Overdue invoices of distinct customers, each its customer's only overdue one, from the sandbox. */
function overdueOfDistinctCustomers() {
  const overdue = sampleInvoices().filter((inv) => firstReminder(inv)?.stage === "after_due_date");
  const perCustomer = new Map<number, InvoiceRecord[]>();
  for (const inv of overdue)
    perCustomer.set(inv.customerId, [...(perCustomer.get(inv.customerId) ?? []), inv]);
  return [...perCustomer.values()].filter((list) => list.length === 1).map(([inv]) => inv!);
}

describe("promises to pay and disputes", () => {
  let promised: InvoiceRecord;
  let disputed: InvoiceRecord;
  const promisedFor = plus(TODAY, 3); // Thursday

  it("the customer promises on their page: recorded, in the thread, in the lists, and the users are told", async () => {
    setClock(at(TODAY, "08:00"));
    [promised, disputed] = overdueOfDistinctCustomers() as [InvoiceRecord, InvoiceRecord];
    const token = await tokenFor(promised);
    const res = await promise(token, {
      invoiceIds: [String(promised.id)],
      date: promisedFor,
      note: "Paid by cheque",
    });
    expect(res.status).toBe(200);
    expect(res.json.data.message).toBe(customerPageMessages.promiseRecorded);

    const shown = (await page(token)).invoices.find((i: { id: string }) => i.id === String(promised.id));
    expect(shown.promise).toEqual({ date: promisedFor, note: "Paid by cheque" });

    const t = await thread(promised);
    expect(t.promise).toMatchObject({
      date: promisedFor,
      note: "Paid by cheque",
      source: "customer_page",
      missed: false,
    });
    const entry = t.messages.at(-1);
    expect(entry).toMatchObject({ kind: "promise", direction: "inbound" });
    expect(entry.text).toContain(`Promised to pay by ${longDate(todayDay + 3)}.`);
    expect(entry.text).toContain("Note: Paid by cheque");

    const rows = await listed("promised");
    expect(rows.map((r) => r.id)).toEqual([String(promised.id)]);
    expect(rows[0]!.promise).toEqual({ date: promisedFor, missed: false });

    const customer = w.store().customers.get(promised.customerId)!.displayName;
    const notice = await w.t.mailbox.waitFor(
      w.user.email,
      new RegExp(`^${customer} promised to pay invoice ${promised.docNumber}$`),
    );
    expect(notice.text).toContain(longDate(todayDay + 3));
  });

  it("the customer disputes on their page: the invoice leaves the chase, once", async () => {
    const token = await tokenFor(disputed);
    const body = {
      invoiceId: String(disputed.id),
      reason: "wrong_amount",
      message: "We agreed on a lower price.",
    };
    const res = await dispute(token, body);
    expect(res.status).toBe(200);
    expect(res.json.data.message).toBe(customerPageMessages.disputeRecorded);
    const again = await dispute(token, body);
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe(holdMessages.alreadyDisputed);

    const shown = (await page(token)).invoices.find((i: { id: string }) => i.id === String(disputed.id));
    expect(shown.dispute).toMatchObject({ reason: "wrong_amount" });
    const t = await thread(disputed);
    expect(t.dispute).toMatchObject({
      reason: "wrong_amount",
      message: "We agreed on a lower price.",
      source: "customer_page",
    });
    expect(t.messages.filter((m: { kind: string }) => m.kind === "dispute")).toHaveLength(1);
    expect(t.messages.at(-1).text).toContain(`Disputed: ${disputeReasonLabels.wrong_amount}.`);
    expect((await listed("disputed")).map((r) => r.id)).toEqual([String(disputed.id)]);
    const customer = w.store().customers.get(disputed.customerId)!.displayName;
    await w.t.mailbox.waitFor(
      w.user.email,
      new RegExp(`^${customer} disputed invoice ${disputed.docNumber}$`),
    );
  });

  it("refuses a date in the past or over 90 days ahead, another customer's invoice, and another company's", async () => {
    const token = await tokenFor(promised);
    const id = String(promised.id);
    const past = await promise(token, { invoiceIds: [id], date: plus(TODAY, -1) });
    expect(past.status).toBe(400);
    expect(past.json.error.message).toBe(customerPageMessages.promiseDateInPast);
    const far = await promise(token, { invoiceIds: [id], date: plus(TODAY, 91) });
    expect(far.status).toBe(400);
    expect(far.json.error.message).toBe(customerPageMessages.promiseDateTooFar);
    expect((await promise(token, { invoiceIds: [id], date: plus(TODAY, 90) })).status).toBe(200);

    // Another customer's invoice through this customer's link: as if it did not exist.
    const theirs = String(disputed.id);
    expect((await promise(token, { invoiceIds: [id, theirs], date: promisedFor })).status).toBe(404);
    expect((await dispute(token, { invoiceId: theirs, reason: "other", message: "x" })).status).toBe(404);
    // The other company's link names its own customer; my invoice id is not one of theirs.
    const otherCompanys = sampleInvoices().find(
      (i) => i.customerId !== promised.customerId && i.balance > 0,
    )!;
    const otherToken = await tokenFor(otherCompanys, w.other);
    const mine = sampleInvoices().find(
      (i) => i.customerId === promised.customerId && i.balance > 0 && i.id !== promised.id,
    );
    if (mine)
      expect((await promise(otherToken, { invoiceIds: [String(mine.id)], date: promisedFor })).status).toBe(
        404,
      );
    expect((await promise("nonsense", { invoiceIds: [id], date: promisedFor })).status).toBe(404);

    // Put the promise back to Thursday for the engine's tests below.
    expect((await promise(token, { invoiceIds: [id], date: promisedFor })).status).toBe(200);
    expect((await thread(promised)).promise.date).toBe(promisedFor);
  });

  it("limits a link's posts to 10 a minute", async () => {
    const token = await tokenFor(disputed);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push(
        (await promise(token, { invoiceIds: [String(disputed.id)], date: plus(TODAY, 400) })).status,
      );
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it("Monday: neither the promised nor the disputed invoice is chased; the others are", async () => {
    expect((await turnOn(w.user)).status).toBe(200);
    setClock(at(TODAY));
    await planCompany(w.t.ctx, w.user.companyId);
    expect(await decidedFor(promised)).toEqual([]);
    expect(await decidedFor(disputed)).toEqual([]);
    expect((await log()).length).toBeGreaterThan(0);
  });

  it("nothing through the promised date; the day after, 'Missed Promise' exactly once", async () => {
    for (const day of [plus(TODAY, 1), plus(TODAY, 2), promisedFor]) {
      setClock(at(day));
      await planCompany(w.t.ctx, w.user.companyId);
      expect(await decidedFor(promised)).toEqual([]);
    }
    const friday = plus(promisedFor, 1);
    setClock(at(friday));
    await planCompany(w.t.ctx, w.user.companyId);
    setClock(at(friday, "11:00"));
    await planCompany(w.t.ctx, w.user.companyId);
    const rows = await decidedFor(promised);
    expect(rows.map((r) => r.stage)).toEqual(["missed_promise"]);
    const mail = await w.t.mailbox.waitFor(
      promised.email!,
      new RegExp(`^Invoice ${promised.docNumber}: we have not received your payment yet$`),
    );
    expect(mail.html).toContain("/pay/");
    const t = await thread(promised);
    expect(t.promise).toMatchObject({ date: promisedFor, missed: true });
    // The customer's page no longer shows the passed date as a promise: they may make a new one.
    const shown = (await page(await tokenFor(promised))).invoices.find(
      (i: { id: string }) => i.id === String(promised.id),
    );
    expect(shown.promise).toBeNull();
    // The list's 'Promised' filter shows promises in force only.
    expect((await listed("promised")).map((r) => r.id)).not.toContain(String(promised.id));
  });

  it("then the overdue notices again, a whole interval after 'Missed Promise'", async () => {
    const missedDay = Date.parse(`${plus(promisedFor, 1)}T00:00:00Z`) / 86_400_000;
    // Reminders go on weekdays: the first weekday a week or more after 'Missed Promise'.
    const isWeekend = (day: number) => [0, 6].includes(new Date(day * 86_400_000).getUTCDay());
    let sendDay = missedDay + 7;
    while (isWeekend(sendDay)) sendDay++;
    for (let day = missedDay + 1; day <= sendDay; day++) {
      if (isWeekend(day)) continue;
      setClock(at(dayText(day)));
      await planCompany(w.t.ctx, w.user.companyId);
      const stages = (await decidedFor(promised)).map((r) => r.stage);
      expect(stages).toEqual(day < sendDay ? ["missed_promise"] : ["missed_promise", "after_due_date"]);
    }
  });

  it("a disputed invoice is chased again once a user resolves the dispute", async () => {
    expect(await decidedFor(disputed)).toEqual([]);
    const res = await post(apiPaths.holds.resolveDispute, {
      companyId: w.user.companyId,
      invoiceId: String(disputed.id),
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ data: { dispute: null }, message: holdMessages.disputeResolved });
    const again = await post(apiPaths.holds.resolveDispute, {
      companyId: w.user.companyId,
      invoiceId: String(disputed.id),
    });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe(holdMessages.noDispute);
    expect((await thread(disputed)).messages.at(-1)).toMatchObject({ kind: "update", direction: "outbound" });
    await planCompany(w.t.ctx, w.user.companyId);
    expect((await decidedFor(disputed)).map((r) => r.stage)).toEqual(["after_due_date"]);
  });

  it("a user records, changes and cancels a promise from the thread; another company cannot", async () => {
    const { today } = await thread(disputed);
    const body = { companyId: w.user.companyId, invoiceId: String(disputed.id) };
    const recorded = await post(apiPaths.holds.promise, { ...body, date: plus(today, 5) });
    expect(recorded.status).toBe(200);
    expect(recorded.json).toMatchObject({
      data: { promise: { date: plus(today, 5), source: "user", missed: false } },
      message: holdMessages.promiseRecorded,
    });
    const changed = await post(apiPaths.holds.promise, {
      ...body,
      date: plus(today, 7),
      note: "Called them",
    });
    expect(changed.json).toMatchObject({
      data: { promise: { date: plus(today, 7), note: "Called them" } },
      message: holdMessages.promiseChanged,
    });
    expect((await thread(disputed)).messages.at(-1).text).toContain(
      `(was ${longDate(Date.parse(`${plus(today, 5)}T00:00:00Z`) / 86_400_000)})`,
    );
    const tooEarly = await post(apiPaths.holds.promise, { ...body, date: plus(today, -1) });
    expect(tooEarly.status).toBe(400);
    expect(tooEarly.json.error.message).toBe(holdMessages.dateInPast);

    // Another company's user names my company: refused, nothing changes.
    const foreign = await post(apiPaths.holds.cancelPromise, body, w.other.token);
    expect(foreign.status).toBe(403);
    const cancelled = await post(apiPaths.holds.cancelPromise, body);
    expect(cancelled.json).toMatchObject({ data: { promise: null }, message: holdMessages.promiseCancelled });
    expect((await post(apiPaths.holds.cancelPromise, body)).status).toBe(409);
    const t = await thread(disputed);
    expect(t.promise).toBeNull();
    expect(t.messages.at(-1)).toMatchObject({ kind: "update", subject: "Promise cancelled" });
  });

  it("a paid invoice takes no promise", async () => {
    const paid = sampleInvoices().find((i) => i.balance === 0 && !i.voided)!;
    const res = await post(apiPaths.holds.promise, {
      companyId: w.user.companyId,
      invoiceId: String(paid.id),
      date: plus(TODAY, 30),
    });
    expect(res.status).toBe(409);
    expect(res.json.error.message).toBe(holdMessages.invoiceNotOpen);
  });
});
