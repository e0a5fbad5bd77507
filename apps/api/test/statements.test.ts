/**
 * Statements of account (decision 0019): the PDF read back as text, 'Send statement' through the
 * outbox into the mail sandbox and the thread, and the monthly statements on the first send day of
 * each month in each company's zone, exactly once.
 */

import { planCompanyStatements, planStatements } from "@recoup/api/modules/statements";
import { apiPaths, errorCodes, statementMessages } from "@recoup/contracts";
import { and, eq, inArray } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { beforeAll, describe, expect, it } from "vitest";
import {
  companies,
  creditMemos,
  customerContacts,
  customers,
  emailMessages,
  invoices,
  payments,
  reminderSettings,
  statements,
} from "../src/db/schema/index.ts";
import { DATA_NOW, OTHER_REALM, pdfText, SAMPLE_REALM, until } from "./kit/index.ts";
import { remindersWorldForFile } from "./reminders-fixture.ts";

const { w, setClock, post } = remindersWorldForFile();

/**
 * Automatic reminders on, as the settings store them (the reminder planner is not scheduled in
 * these tests, and turning them on here sends no reminder: only statements read the switch).
 */
const remindersOn = (companyId: string) =>
  w.t.ctx.db
    .insert(reminderSettings)
    .values({ companyId, enabled: true })
    .onConflictDoUpdate({ target: reminderSettings.companyId, set: { enabled: true } });

const CUSTOMER = "9001";
const NO_ADDRESS = "9002";
const PAID_UP = "9003";
const COVERED = "9004";
const NAME = "Statement Test Co";

/** A customer of the sample company made here, with its invoices, credits and contacts. */
async function seed(companyId: string) {
  const db = w.t.ctx.db;
  const synced = { companyId, realmId: SAMPLE_REALM, syncToken: "0", qbUpdatedAt: new Date(DATA_NOW) };
  await db.insert(customers).values(
    [
      [CUSTOMER, NAME],
      [NO_ADDRESS, "Nowhere Ltd"],
      [PAID_UP, "Paid Up Inc"],
      [COVERED, "Covered Co"],
    ].map(([qbId, displayName]) => ({
      ...synced,
      qbId: qbId!,
      displayName: displayName!,
      companyName: displayName!,
      currency: "USD",
      balanceCents: 0,
      active: true,
    })),
  );
  const inv = (
    qbId: string,
    customerQbId: string,
    docNumber: string,
    txnDate: string,
    dueDate: string,
    total: number,
    balance: number,
    currency = "USD",
    voided = false,
  ) => ({
    ...synced,
    qbId,
    docNumber,
    customerQbId,
    customerName: NAME,
    txnDate,
    dueDate,
    currency,
    totalCents: total,
    balanceCents: balance,
    voided,
  });
  await db.insert(invoices).values([
    inv("90011", CUSTOMER, "S-1", "2025-11-01", "2025-12-01", 50_000, 50_000), // 105 days: Over 90
    inv("90012", CUSTOMER, "S-2", "2025-12-01", "2025-12-31", 8_000, 8_000), // 75: 61-90
    inv("90013", CUSTOMER, "S-3", "2025-12-20", "2026-01-20", 30_000, 12_050), // 55: 31-60
    inv("90014", CUSTOMER, "S-4", "2026-01-21", "2026-02-20", 20_000, 20_000), // 24: 1-30
    inv("90015", CUSTOMER, "S-5", "2026-03-01", "2026-03-31", 15_000, 15_000), // Current
    inv("90016", CUSTOMER, "S-6", "2026-02-01", "2026-03-01", 100_000, 100_000, "CAD"), // 15: 1-30
    inv("90017", CUSTOMER, "S-PAID", "2026-01-02", "2026-02-01", 7_000, 0),
    inv("90018", CUSTOMER, "S-VOID", "2026-01-03", "2026-02-02", 0, 0, "USD", true),
    inv("90021", NO_ADDRESS, "N-1", "2026-01-10", "2026-02-10", 9_000, 9_000),
    inv("90031", PAID_UP, "P-1", "2026-01-10", "2026-02-10", 9_000, 0),
    inv("90041", COVERED, "C-1", "2026-01-10", "2026-02-10", 9_000, 9_000),
  ]);
  await db.insert(creditMemos).values({
    ...synced,
    qbId: "90042",
    docNumber: "CM-42",
    customerQbId: COVERED,
    txnDate: "2026-01-12",
    currency: "USD",
    totalCents: 9_000,
    remainingCents: 9_000,
  });
  await db.insert(creditMemos).values({
    ...synced,
    qbId: "90019",
    docNumber: "CM-7",
    customerQbId: CUSTOMER,
    txnDate: "2026-01-15",
    currency: "USD",
    totalCents: 6_000,
    remainingCents: 5_000,
  });
  await db.insert(payments).values({
    ...synced,
    qbId: "90020",
    customerQbId: CUSTOMER,
    txnDate: "2026-03-05",
    currency: "USD",
    totalCents: 2_500,
    unappliedCents: 2_500,
  });
  const contact = (
    customerQbId: string,
    email: string,
    role: "billing" | "escalation" = "billing",
    bounced = false,
  ) => ({
    companyId,
    customerQbId,
    email,
    role,
    source: "recoup" as const,
    ...(bounced ? { bouncedAt: new Date(DATA_NOW), bounceReason: "550 no such user" } : {}),
  });
  await db
    .insert(customerContacts)
    .values([
      contact(CUSTOMER, "ap@statement.test"),
      contact(CUSTOMER, "boss@statement.test", "escalation"),
      contact(CUSTOMER, "old@statement.test", "billing", true),
      contact(NO_ADDRESS, "gone@nowhere.test", "billing", true),
      contact(PAID_UP, "ap@paidup.test"),
      contact(COVERED, "ap@covered.test"),
    ]);
}

const download = (customerRef: string, token = w.user.token, companyId = w.user.companyId) =>
  w.call("GET", `${apiPaths.customers.statement}?${new URLSearchParams({ companyId, customerRef })}`, {
    token,
    headers: { "accept-encoding": "identity" },
  });

beforeAll(async () => {
  await seed(w.user.companyId);
});

describe("'Download statement'", () => {
  it("is a PDF of the customer's open invoices and credits with a running balance, aging buckets and totals per currency", async () => {
    setClock(new Date(DATA_NOW));
    const res = await download(CUSTOMER);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="Statement-Statement-Test-Co-2026-03-16.pdf"',
    );
    expect(res.raw.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(res.raw);
    expect(text).toContain("Statement of account");
    expect(text).toContain("Statement date: March 16, 2026");
    expect(text).toContain(NAME);
    // The billing contacts that have not bounced; not the escalation contact.
    expect(text).toContain("ap@statement.test");
    expect(text).not.toContain("old@statement.test");
    expect(text).not.toContain("boss@statement.test");
    // The company, and where to write.
    expect(text).toContain(w.user.email);
    // Each open invoice and credit, in date order, with the running balance after it.
    const lines = [
      ["Invoice S-1", "$500.00", "$500.00"],
      ["Invoice S-2", "$80.00", "$580.00"],
      ["Invoice S-3", "$120.50", "$700.50"],
      ["Credit memo CM-7", "-$50.00", "$650.50"],
      ["Invoice S-4", "$200.00", "$850.50"],
      ["Invoice S-5", "$150.00", "$1,000.50"],
      ["Payment 90020", "-$25.00", "$975.50"],
    ];
    let from = 0;
    for (const [what, open, balance] of lines) {
      const at = text.indexOf(what!, from);
      expect(at, `${what} after position ${from}`).toBeGreaterThan(-1);
      const rest = text.slice(at, at + 120);
      expect(rest).toContain(open!);
      expect(rest).toContain(balance!);
      from = at + 1;
    }
    expect(text).not.toContain("S-PAID");
    expect(text).not.toContain("S-VOID");
    // The aging buckets as the aging report names them, then the credits and the balance due.
    const usd = text.slice(text.indexOf("Open items in USD"));
    expect(usd).toMatch(
      /Current\s+1-30\s+31-60\s+61-90\s+Over 90\s+Credits\s+Balance due\s+\$150\.00\s+\$200\.00\s+\$120\.50\s+\$80\.00\s+\$500\.00\s+-\$75\.00\s+\$975\.50/,
    );
    // Totals per currency: the CAD invoice has its own section.
    expect(text).toContain("Balance due (USD): $975.50");
    expect(text).toContain("Invoice S-6");
    expect(text).toContain("Balance due (CAD): CA$1,000.00");
    expect(text).toMatch(/Totals by currency\s+CAD: CA\$1,000\.00\s+USD: \$975\.50/);
  });

  it("is dated in the company's time zone: 22:00 on 16 March in Los Angeles is the 16th (UTC is on the 17th)", async () => {
    setClock(new Date("2026-03-17T05:00:00Z"));
    try {
      const res = await download(CUSTOMER);
      expect(res.headers["content-disposition"]).toContain("2026-03-16.pdf");
      expect(await pdfText(res.raw)).toContain("Statement date: March 16, 2026");
    } finally {
      setClock(new Date(DATA_NOW));
    }
  });

  it("another company's customer is refused 404, and another company's id 403", async () => {
    expect((await download(CUSTOMER, w.other.token, w.other.companyId)).status).toBe(404);
    expect((await download("no-such-customer")).status).toBe(404);
    expect((await download(CUSTOMER, w.other.token, w.user.companyId)).status).toBe(403);
    const send = await post(
      apiPaths.customers.sendStatement,
      { companyId: w.other.companyId, customerRef: CUSTOMER },
      w.other.token,
    );
    expect(send.status).toBe(404);
  });
});

describe("OpenAPI", () => {
  it("documents the statement endpoints with bearer security", async () => {
    const doc = (await w.call("GET", apiPaths.openapi)).json;
    for (const [path, method] of [
      [apiPaths.customers.statement, "get"],
      [apiPaths.customers.sendStatement, "post"],
      [apiPaths.statements.settings, "get"],
      [apiPaths.statements.settings, "post"],
    ] as const) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.security).toEqual([{ bearer: [] }]);
    }
  });
});

/** The statement email caught by the mail sandbox, parsed from its raw message. */
async function caught(to: string, count = 1) {
  const mail = await w.t.mailbox.waitFor(to, /^Statement of account/, { count });
  const raw = await fetch(`${w.t.mailbox.inboxUrl}/api/messages/${encodeURIComponent(mail.id)}/raw`);
  return { mail, parsed: await simpleParser(Buffer.from(await raw.arrayBuffer())) };
}

describe("'Send statement'", () => {
  it("emails the PDF to the billing contacts through the outbox, and the thread of the oldest invoice shows it", async () => {
    setClock(new Date(DATA_NOW));
    const res = await post(apiPaths.customers.sendStatement, {
      companyId: w.user.companyId,
      customerRef: CUSTOMER,
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ status: "queued", to: ["ap@statement.test"] });
    const { mail, parsed } = await caught("ap@statement.test");
    const [company] = await w.t.ctx.db.select().from(companies).where(eq(companies.id, w.user.companyId));
    expect(mail.subject).toBe(`Statement of account from ${company!.name}: March 16, 2026`);
    expect(mail.to).toEqual(["ap@statement.test"]);
    expect(mail.messageId).toMatch(/^<statement\.[0-9a-f-]{36}@/);
    expect(mail.text).toContain(`Dear ${NAME}`);
    expect(mail.text).toContain("$975.50");
    const [pdf] = parsed.attachments;
    expect(parsed.attachments).toHaveLength(1);
    expect(pdf).toMatchObject({
      filename: "Statement-Statement-Test-Co-2026-03-16.pdf",
      contentType: "application/pdf",
    });
    const text = await pdfText(pdf!.content);
    expect(text).toContain(NAME);
    expect(text).toContain("Balance due (USD): $975.50");

    const row = await until(async () => {
      const [r] = await w.t.ctx.db
        .select()
        .from(statements)
        .where(eq(statements.id, res.json.data.statementId));
      return r?.status === "sent" && r;
    });
    expect(row).toMatchObject({ kind: "manual", month: null, messageId: mail.messageId, attempts: 1 });
    const thread = await w.call(
      "GET",
      `${apiPaths.communications.thread}?${new URLSearchParams({ companyId: w.user.companyId, customerRef: CUSTOMER, invoiceId: "90011" })}`,
      { token: w.user.token },
    );
    expect(thread.status).toBe(200);
    const message = thread.json.data.messages.find(
      (m: { messageId: string }) => m.messageId === mail.messageId,
    );
    expect(message).toMatchObject({
      kind: "statement",
      status: "sent",
      direction: "outbound",
      to: "ap@statement.test",
      subject: mail.subject,
      attachments: [{ filename: pdf!.filename, contentType: "application/pdf", size: pdf!.size }],
    });
  });

  it("a failure between the SMTP server's acceptance and the record sends the same email again with the same Message-ID, recorded once", async () => {
    setClock(new Date(DATA_NOW));
    const id = crypto.randomUUID();
    const messageId = `<statement.${id}@recoup.test>`;
    // A statement of the outbox whose send job is left to the test.
    await w.t.ctx.db.insert(statements).values({
      id,
      companyId: w.user.companyId,
      customerQbId: CUSTOMER,
      kind: "manual",
      decidedOn: "2026-03-16",
      messageId,
      toAddresses: ["crash@statement.test"],
      decidedAt: new Date(DATA_NOW),
    });
    const { deliverStatement } = await import("@recoup/api/modules/statements");
    const db = w.t.ctx.db;
    const transaction = db.transaction;
    db.transaction = (() => Promise.reject(new Error("killed after SMTP"))) as unknown as typeof transaction;
    try {
      await expect(deliverStatement(w.t.ctx, id)).rejects.toThrow("killed after SMTP");
    } finally {
      db.transaction = transaction;
    }
    const [first] = await db.select().from(statements).where(eq(statements.id, id));
    expect(first).toMatchObject({ status: "queued", attempts: 1, error: "killed after SMTP" });
    await deliverStatement(w.t.ctx, id); // the queue's retry
    await deliverStatement(w.t.ctx, id); // and a repeated job: nothing more
    const mails = await until(async () => {
      const got = (await w.t.mailbox.to("crash@statement.test")).filter((m) => m.messageId === messageId);
      return got.length >= 2 && got;
    });
    expect(mails).toHaveLength(2);
    const [row] = await db.select().from(statements).where(eq(statements.id, id));
    expect(row).toMatchObject({ status: "sent", attempts: 2, error: null });
    const recorded = await db.select().from(emailMessages).where(eq(emailMessages.messageId, messageId));
    expect(recorded).toHaveLength(1);
  });

  it("a customer without a working billing address: 409 and a message saying so", async () => {
    const res = await post(apiPaths.customers.sendStatement, {
      companyId: w.user.companyId,
      customerRef: NO_ADDRESS,
    });
    expect(res.status).toBe(409);
    expect(res.json.error.message).toBe(statementMessages.noAddress);
  });
});

/** The monthly statements decided for a company and month. */
const monthly = (companyId: string, month: string) =>
  w.t.ctx.db
    .select()
    .from(statements)
    .where(and(eq(statements.companyId, companyId), eq(statements.month, month)));

/** Customers of a sandbox company owing something (QuickBooks' own balance) that have an address. */
const owingInSandbox = (realmId: string) =>
  [...w.qb.control.sandbox.realms.get(realmId)!.store.customers.values()]
    .filter((c) => c.balance > 0 && c.email)
    .map((c) => String(c.id))
    .sort();

describe("monthly statements", () => {
  const settings = (company = w.user, body?: { monthly: boolean }) =>
    body
      ? post(apiPaths.statements.settings, { companyId: company.companyId, ...body }, company.token)
      : w.call("GET", `${apiPaths.statements.settings}?companyId=${company.companyId}`, {
          token: company.token,
        });

  beforeAll(async () => {
    await w.t.ctx.db
      .update(companies)
      .set({ timezone: "Pacific/Auckland" })
      .where(eq(companies.id, w.other.companyId));
  });

  it("are off by default; on, they say when the next ones go", async () => {
    setClock(new Date(DATA_NOW));
    expect((await settings()).json.data).toEqual({
      monthly: false,
      remindersOn: false,
      nextMonthlyOn: "2026-04-01",
    });
    expect((await settings(w.user, { monthly: true })).json.data.monthly).toBe(true);
    expect((await settings(w.other, { monthly: true })).json.data.monthly).toBe(true);
    // Reminders off: none go.
    setClock(new Date("2026-04-01T17:00:00Z"));
    expect(await planCompanyStatements(w.t.ctx, w.user.companyId)).toEqual({
      outcome: "skipped",
      reason: "off",
    });
  });

  it("a month starting on a Saturday: none on the 1st, then on Monday the 3rd", async () => {
    setClock(new Date(DATA_NOW));
    await remindersOn(w.user.companyId);
    setClock(new Date("2026-08-01T17:00:00Z")); // Saturday, 10:00 in Los Angeles
    expect(await planCompanyStatements(w.t.ctx, w.user.companyId)).toEqual({
      outcome: "skipped",
      reason: "not the day",
    });
    setClock(new Date("2026-08-03T17:00:00Z"));
    const plan = await planCompanyStatements(w.t.ctx, w.user.companyId);
    expect(plan).toMatchObject({ outcome: "planned", month: "2026-08" });
    const rows = await monthly(w.user.companyId, "2026-08");
    // Every customer owing something with an address, and the one made here; not the one paid up,
    // nor the one whose only address bounced.
    expect(rows.map((r) => r.customerQbId).sort()).toEqual(
      [...owingInSandbox(SAMPLE_REALM), CUSTOMER].sort(),
    );
    expect(rows.every((r) => r.decidedOn === "2026-08-03" && r.kind === "monthly")).toBe(true);
  });

  it("around a month boundary each company's own zone decides: Auckland on its 1 December, Los Angeles on its own", async () => {
    await remindersOn(w.other.companyId);
    // A customer paused, and one not chased ('Don't chase this customer'), get none.
    const [paused, unchased] = owingInSandbox(SAMPLE_REALM);
    expect(
      (await post(apiPaths.reminders.pause, { companyId: w.user.companyId, customerRef: paused })).status,
    ).toBe(200);
    expect(
      (
        await post(apiPaths.reminderSchedules.assignCustomer, {
          companyId: w.user.companyId,
          customerRef: unchased,
          schedule: "none",
        })
      ).status,
    ).toBe(200);

    setClock(new Date("2026-11-30T20:30:00Z")); // Auckland: Tuesday 1 Dec, 09:30; Los Angeles: Monday 30 Nov
    const first = await planStatements(w.t.ctx);
    const auckland = await monthly(w.other.companyId, "2026-12");
    expect(auckland.map((r) => r.customerQbId).sort()).toEqual(owingInSandbox(OTHER_REALM));
    expect(first.decided).toBe(auckland.length);
    expect(await monthly(w.user.companyId, "2026-12")).toEqual([]);

    setClock(new Date("2026-12-01T17:30:00Z")); // Los Angeles: Tuesday 1 Dec, 09:30; Auckland: 2 Dec
    await planStatements(w.t.ctx);
    const la = await monthly(w.user.companyId, "2026-12");
    const expected = [...owingInSandbox(SAMPLE_REALM), CUSTOMER].filter(
      (c) => c !== paused && c !== unchased,
    );
    expect(la.map((r) => r.customerQbId).sort()).toEqual(expected.sort());
    expect((await monthly(w.other.companyId, "2026-12")).length).toBe(auckland.length);
  });

  it("go exactly once: repeated runs decide nothing more, and each sent once with its own Message-ID", async () => {
    setClock(new Date("2026-12-01T18:00:00Z"));
    for (let i = 0; i < 3; i++) expect((await planStatements(w.t.ctx)).decided).toBe(0);
    const rows = [
      ...(await monthly(w.user.companyId, "2026-12")),
      ...(await monthly(w.other.companyId, "2026-12")),
    ];
    const ids = rows.map((r) => r.id);
    const settled = await until(
      async () => {
        const now = await w.t.ctx.db.select().from(statements).where(inArray(statements.id, ids));
        return now.every((r) => r.status !== "queued") && now;
      },
      60_000,
      { what: "the December statements sent", intervalMs: 250 },
    );
    expect(settled.filter((r) => r.status !== "sent")).toEqual([]);
    const mails = (await w.t.mailbox.to()).filter((m) => ids.some((id) => m.messageId?.includes(id)));
    expect(mails).toHaveLength(ids.length);
    // Each in its customer's thread once.
    const recorded = await w.t.ctx.db
      .select({ messageId: emailMessages.messageId })
      .from(emailMessages)
      .where(
        and(
          eq(emailMessages.kind, "statement"),
          inArray(
            emailMessages.messageId,
            rows.map((r) => r.messageId),
          ),
        ),
      );
    expect(recorded).toHaveLength(ids.length);
    // A send job run again for a sent statement sends nothing.
    const { deliverStatement } = await import("@recoup/api/modules/statements");
    await deliverStatement(w.t.ctx, ids[0]!);
    const again = (await w.t.mailbox.to()).filter((m) => ids.some((id) => m.messageId?.includes(id)));
    expect(again).toHaveLength(ids.length);
  }, 120_000); // every customer's PDF rendered and sent: its wait above allows a minute

  it("held by the subscription none are decided; one queued before monthly statements were turned off is cancelled, saying why", async () => {
    const { deliverStatement } = await import("@recoup/api/modules/statements");
    const ctx = w.t.ctx;
    const gate = ctx.gate;
    ctx.gate = {
      ...gate,
      hold: async () => ({ code: errorCodes.subscriptionRequired, message: "Your trial period has ended." }),
    };
    setClock(new Date("2027-01-01T17:30:00Z")); // Friday 1 January 2027, 09:30 in Los Angeles
    try {
      expect(await planCompanyStatements(ctx, w.user.companyId)).toEqual({
        outcome: "skipped",
        reason: "held",
      });
    } finally {
      ctx.gate = gate;
    }
    expect(await monthly(w.user.companyId, "2027-01")).toEqual([]);

    const id = crypto.randomUUID();
    await ctx.db.insert(statements).values({
      id,
      companyId: w.user.companyId,
      customerQbId: CUSTOMER,
      kind: "monthly",
      month: "2027-01",
      decidedOn: "2027-01-01",
      messageId: `<statement.${id}@recoup.test>`,
      toAddresses: ["ap@statement.test"],
      decidedAt: new Date("2027-01-01T17:30:00Z"),
    });
    expect((await settings(w.user, { monthly: false })).json.data.monthly).toBe(false);
    await deliverStatement(ctx, id);
    const [row] = await ctx.db.select().from(statements).where(eq(statements.id, id));
    expect(row).toMatchObject({
      status: "cancelled",
      error: "Monthly statements were turned off.",
      attempts: 0,
    });
    expect((await w.t.mailbox.to()).filter((m) => m.messageId?.includes(id))).toEqual([]);
  });

  it("a customer paid up, or owing only what its credits cover, gets none", async () => {
    for (const month of ["2026-08", "2026-12"]) {
      const refs = (await monthly(w.user.companyId, month)).map((r) => r.customerQbId);
      expect(refs).toContain(CUSTOMER);
      expect(refs).not.toContain(PAID_UP);
      expect(refs).not.toContain(COVERED);
    }
  });
});
