/**
 * Replies read from the company's own mailbox over IMAP (issue 20, items 1, 4 and 5), against a real
 * Dovecot that the test starts from its binary: messages appended while Recoup watches arrive in
 * their threads, each once across restarts, workers and a renumbered folder; a wrong password, an
 * untrusted certificate and a missing folder each say so; what cannot be read is kept aside.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { apiPaths, errorCodes, mailboxHostNote, mailboxMessages } from "@recoup/contracts";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyMailboxes, emailMessages } from "../src/db/schema/index.ts";
import { mailboxIntake } from "../src/modules/communications/index.ts";
import {
  type IntakeOutcome,
  type MailboxReaders,
  startMailboxReaders,
} from "../src/modules/mailbox/index.ts";
import { communicationsWorld } from "./communications-fixture.ts";
import { type DovecotServer, selfSignedCertificate, startDovecot } from "./dovecot-server.ts";
import { composeMail, type MailMessage, sleep, until } from "./kit/index.ts";

const { world, get, takeInvoice, sendReminder, thread, pausesOf } = communicationsWorld();
const AR = "ar@example.test";
const PLAIN = "plain@example.test";
const BIG = "big@example.test";
const MOVES = "moves@example.test";
let imap: DovecotServer;

beforeAll(async () => {
  imap = await startDovecot({ users: [AR, PLAIN, BIG, MOVES] });
}, 120_000);
afterAll(() => imap?.stop());

const user = () => world().user;
const put = (body: Record<string, unknown>) =>
  world().call("PUT", apiPaths.mailbox.connection, {
    token: user().token,
    body: {
      companyId: user().companyId,
      host: imap.host,
      port: imap.port,
      tls: false,
      user: AR,
      password: imap.password,
      ...body,
    },
  });
const status = async () =>
  (await get(apiPaths.mailbox.connection)).json.data.mailbox as {
    messagesRead: number;
    keptAside: number;
    lastReadAt: string | null;
    replyTo: string;
  } | null;

/** The customer's answer to a reminder as their mail client writes it. */
const replyTo = (mail: MailMessage, text: string, extra: Parameters<typeof composeMail>[0] = {}) =>
  composeMail({
    from: mail.to[0],
    to: mail.headers["reply-to"],
    subject: `Re: ${mail.subject}`,
    inReplyTo: mail.messageId ?? undefined,
    references: mail.messageId ? [mail.messageId] : [],
    messageId: `<${randomUUID()}@customer.example>`,
    date: new Date(),
    text,
    ...extra,
  });

const inboundIn = async (invoiceId: string) =>
  (
    await world()
      .t.ctx.db.select({ n: count() })
      .from(emailMessages)
      .where(
        and(
          eq(emailMessages.companyId, user().companyId),
          eq(emailMessages.invoiceQbId, invoiceId),
          eq(emailMessages.direction, "inbound"),
        ),
      )
  )[0]!.n;

const waitForInbound = (invoiceId: string, n: number, timeoutMs = 15_000) =>
  until(async () => (await inboundIn(invoiceId)) >= n, timeoutMs, {
    what: `${n} inbound message(s) in invoice ${invoiceId}'s thread`,
    intervalMs: 25,
  });

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

describe("connecting a mailbox", () => {
  it("says which step failed: unknown host, closed port, wrong password, missing folder", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ host: "no-such-host.invalid" }, "dns"],
      [{ port: 1 }, "connect"],
      [{ password: "wrong" }, "login"],
      [{ folder: "Nope" }, "folder"],
      [{ moveTo: "Archive/Nope" }, "folder"],
    ];
    for (const [body, reason] of cases) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json.error).toMatchObject({
        code: errorCodes.mailboxCheckFailed,
        message: mailboxMessages.failures[reason as keyof typeof mailboxMessages.failures],
        details: { reason },
      });
    }
    expect(await status()).toBeNull();
  });

  it("refuses a server whose certificate it cannot trust, before sending the password", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "recoup-cert-"));
    const secure = await startDovecot({ users: [AR], tls: selfSignedCertificate(dir) });
    try {
      const res = await put({ port: secure.port, tls: true });
      expect(res.status).toBe(422);
      expect(res.json.error).toMatchObject({
        message: mailboxMessages.failures.tls,
        details: { reason: "tls" },
      });
    } finally {
      await secure.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("notes the hosts that take only OAuth, or may refuse app passwords", () => {
    expect(mailboxHostNote("outlook.office365.com")).toMatch(/only OAuth/);
    expect(mailboxHostNote("imap.gmail.com")).toMatch(/app passwords off/);
    expect(mailboxHostNote("imap.example.com")).toBeNull();
  });
});

describe("reading replies", () => {
  let invoice: ReturnType<typeof takeInvoice>;
  let reminder: MailMessage;

  it("a reply appended while Recoup watches lands in its thread and pauses the invoice", async () => {
    const res = await put({ plusAddressing: true });
    expect(res.status).toBe(200);
    expect(res.json.data.mailbox).toMatchObject({
      status: "connected",
      address: AR,
      folder: "INBOX",
      moveTo: null,
    });
    // The password rests sealed.
    const [row] = await world().t.ctx.db.select().from(companyMailboxes);
    expect(row!.secretSealed).not.toContain(imap.password);

    invoice = takeInvoice();
    reminder = await sendReminder(String(invoice.id), `Invoice ${invoice.docNumber} is overdue`);
    expect(reminder.headers["reply-to"]).toMatch(/^ar\+[a-z2-7]+\.\d+\.[a-z2-7]+@example\.test$/);

    await imap.append(AR, replyTo(reminder, "We paid it yesterday, see the remittance."));
    await waitForInbound(String(invoice.id), 1);
    const t = await thread(String(invoice.id), String(invoice.customerId));
    expect(t.messages.map((m: { kind: string }) => m.kind)).toEqual(["manual", "reply"]);
    expect(t.messages[1]).toMatchObject({
      direction: "inbound",
      replyText: "We paid it yesterday, see the remittance.",
    });
    expect(t.state).toBe("reply_waiting");
    expect(await pausesOf(String(invoice.id))).toMatchObject([{ scope: "invoice", reason: "reply" }]);
    await until(async () => (await status())?.messagesRead === 1, 5_000, { what: "the count" });
  });

  it("without plus-addressing, a reply threads by In-Reply-To, or by the invoice number of a 'Re:' subject", async () => {
    expect((await put({ plusAddressing: false })).status).toBe(200);
    const byHeader = takeInvoice();
    const first = await sendReminder(String(byHeader.id), `Invoice ${byHeader.docNumber} is overdue`);
    expect(first.headers["reply-to"]).toBe(AR);
    await imap.append(AR, replyTo(first, "Paying on Friday."));
    await waitForInbound(String(byHeader.id), 1);

    const bySubject = takeInvoice();
    const second = await sendReminder(String(bySubject.id), `Invoice ${bySubject.docNumber} is overdue`);
    await imap.append(
      AR,
      replyTo(second, "Which invoice is this?", { inReplyTo: undefined, references: [] }),
    );
    await waitForInbound(String(bySubject.id), 1);
    // Other mail in the same inbox is left alone: not threaded, not kept aside.
    await imap.append(
      AR,
      composeMail({
        from: "news@shop.example",
        to: AR,
        subject: `Invoice ${bySubject.docNumber} from your supplier`,
        text: ".",
      }),
    );
    await sleep(500);
    expect(await inboundIn(String(bySubject.id))).toBe(1);
  });

  it("takes nothing out of the mailbox and marks nothing read when no folder to move to is set", async () => {
    const c = await imap.client(AR);
    const box = await c.mailboxOpen("INBOX", { readOnly: true });
    const seen = await c.search({ seen: true }, { uid: true });
    expect(box.exists).toBeGreaterThanOrEqual(4);
    expect(seen).toEqual([]);
    await c.mailboxClose();
  });

  it("moves the replies it took in to the folder the company chose, and only those", async () => {
    const c = await imap.client(MOVES);
    await c.mailboxCreate("Recoup");
    expect((await put({ user: MOVES, moveTo: "Recoup" })).status).toBe(200);
    const inv = takeInvoice();
    const mail = await sendReminder(String(inv.id), `Invoice ${inv.docNumber} is overdue`);
    expect(mail.headers["reply-to"]).toBe(MOVES);
    await imap.append(
      MOVES,
      composeMail({ from: "friend@else.example", to: MOVES, subject: "Lunch?", text: "." }),
    );
    await imap.append(MOVES, replyTo(mail, "Paid."));
    await waitForInbound(String(inv.id), 1);
    const messages = async (folder: string) => {
      const found = await c.status(folder, { messages: true });
      return found ? found.messages : -1;
    };
    await until(async () => (await messages("Recoup")) === 1, 5_000, { what: "the reply moved" });
    expect(await messages("INBOX")).toBe(1);
  });
});

describe("each message once", () => {
  /** Readers of our own (the app's are stopped), with a short lease, counting what they take in. */
  const taken: { messageId: string; outcome: IntakeOutcome; owner: string }[] = [];
  const readers = (owner: string) => {
    const intake = mailboxIntake(world().t.ctx);
    return startMailboxReaders(
      world().t.ctx,
      {
        async take(raw, scope) {
          const outcome = await intake.take(raw, scope);
          taken.push({ messageId: /^message-id:\s*(\S+)/im.exec(raw.toString())?.[1] ?? "", outcome, owner });
          return outcome;
        },
        tooLarge: intake.tooLarge,
      },
      { owner, scanMs: 100, leaseSeconds: 2, pollMs: 60_000, log: { warn() {}, error: console.error } },
    );
  };
  let invoice: ReturnType<typeof takeInvoice>;
  let reminder: MailMessage;
  const ids: string[] = [];
  const appendReplies = async (n: number) => {
    for (let i = 0; i < n; i++) {
      const raw = await replyTo(reminder, `Reply number ${ids.length + 1}`);
      ids.push(/^message-id:\s*(\S+)/im.exec(raw.toString())![1]!);
      await imap.append(PLAIN, raw);
    }
  };

  beforeAll(async () => {
    await world().t.mailboxes?.stop();
    expect((await put({ user: PLAIN })).status).toBe(200);
    invoice = takeInvoice();
    reminder = await sendReminder(String(invoice.id), `Invoice ${invoice.docNumber} is overdue`);
  });

  it("two workers read a mailbox one at a time; when the reader dies mid-way the other goes on from its place", async () => {
    const a = readers("worker-a");
    const b = readers("worker-b");
    await until(() => a.reading().length + b.reading().length === 1, 5_000, { what: "one reader" });
    const [first, second] = a.reading().length ? [a, b] : [b, a];
    await appendReplies(5);
    await waitForInbound(String(invoice.id), 5);
    // The holder dies (its lease is left to run out) while replies keep coming.
    const dying = first.stop({ abandon: true });
    await appendReplies(5);
    await dying;
    await waitForInbound(String(invoice.id), 10, 20_000);
    expect(second.reading()).toHaveLength(1);
    expect(taken.filter((t) => t.owner === second.owner).length).toBeGreaterThan(0);
    expect(taken.map((t) => t.messageId).sort()).toEqual([...ids].sort());
    await second.stop();
  });

  it("a restart reads each message once: the place is in the database", async () => {
    const again = readers("worker-c");
    await appendReplies(3);
    await waitForInbound(String(invoice.id), 13);
    await again.stop();
    const restarted = readers("worker-d");
    await appendReplies(2);
    await waitForInbound(String(invoice.id), 15);
    await restarted.stop();
    expect(taken.map((t) => t.messageId).sort()).toEqual([...ids].sort());
    expect(new Set(taken.map((t) => t.messageId)).size).toBe(taken.length);
  });

  it("a renumbered folder (new UIDVALIDITY) is read again from the last message, stored once, and reading goes on", async () => {
    const before = taken.length;
    await imap.renumber(PLAIN);
    await appendReplies(1);
    const r = readers("worker-e");
    await waitForInbound(String(invoice.id), 16);
    await sleep(300);
    await r.stop();
    const reread = taken.slice(before);
    expect(reread.filter((t) => t.outcome === "threaded").map((t) => t.messageId)).toEqual([ids.at(-1)]);
    expect(reread.filter((t) => t.outcome === "duplicate").length).toBeGreaterThan(0);
    expect(await inboundIn(String(invoice.id))).toBe(16);
    const [row] = await world().t.ctx.db.select().from(companyMailboxes);
    expect(row!.uidValidity).not.toBeNull();
  });
});

describe("bad input", () => {
  let readersOfTest: MailboxReaders;
  beforeAll(() => world().t.mailboxes?.stop());
  afterAll(() => readersOfTest?.stop());

  it("keeps aside a message over the size limit and one the parser cannot take, counts them, and reads on", async () => {
    const intake = mailboxIntake(world().t.ctx);
    readersOfTest = startMailboxReaders(world().t.ctx, intake, {
      owner: "bad-input",
      scanMs: 100,
      maxBytes: 25 * 1024 * 1024,
      log: { warn() {}, error: console.error },
    });
    expect((await put({ user: BIG })).status).toBe(200);
    const inv = takeInvoice();
    const mail = await sendReminder(String(inv.id), `Invoice ${inv.docNumber} is overdue`);
    const huge = replyTo(mail, "Scans attached.", {
      attachments: [{ filename: "scan.bin", content: Buffer.alloc(26 * 1024 * 1024, 7) }],
    });
    const parts = replyTo(mail, "Pages attached.", {
      attachments: Array.from({ length: 600 }, (_, i) => ({ filename: `p${i}.txt`, content: `page ${i}` })),
    });
    await imap.append(BIG, huge);
    await imap.append(BIG, parts);
    await imap.append(BIG, replyTo(mail, "And this one is readable."));
    await waitForInbound(String(inv.id), 1, 60_000);
    const failures = await until(
      async () => {
        const res = await get(apiPaths.communications.inboundFailures);
        return res.json.data.total >= 2 && res.json.data.failures;
      },
      30_000,
      { what: "two messages kept aside" },
    );
    expect(failures.map((f: { reason: string }) => f.reason).sort()).toEqual(["too_large", "too_many_parts"]);
    const large = failures.find((f: { reason: string }) => f.reason === "too_large");
    expect(large.size).toBeGreaterThan(26 * 1024 * 1024);
    expect(large.subject).toBe(`Re: ${mail.subject}`);
    expect(await status()).toMatchObject({ messagesRead: 1, keptAside: 2 });
  }, 120_000);

  it("connects quickly to a folder of 10,000 old messages and reads only what arrives after", async () => {
    // The mailbox has them before Recoup connects (delivered while it watched, they would be new mail).
    await readersOfTest.stop();
    const old = Date.now() - 400 * 86_400_000;
    const messages = await Promise.all(
      Array.from({ length: 10_000 }, async (_, i) => ({
        raw: await composeMail({
          from: `someone${i}@else.example`,
          to: BIG,
          subject: `Old message ${i}`,
          messageId: `<old-${i}@else.example>`,
          text: "Old.",
          date: new Date(old + i * 60_000),
        }),
        date: new Date(old + i * 60_000),
      })),
    );
    imap.fill(BIG, messages);
    // The server indexes the folder once (a real mailbox has its index already).
    const c = await imap.client(BIG);
    await c.mailboxOpen("INBOX", { readOnly: true });
    await c.mailboxClose();
    const started = performance.now();
    expect((await put({ user: BIG })).status).toBe(200);
    const connectMs = performance.now() - started;
    readersOfTest = startMailboxReaders(world().t.ctx, mailboxIntake(world().t.ctx), {
      owner: "bad-input-1",
      scanMs: 100,
      log: { warn() {}, error: console.error },
    });
    const inv = takeInvoice();
    const mail = await sendReminder(String(inv.id), `Invoice ${inv.docNumber} is overdue`);
    const appended = performance.now();
    await imap.append(BIG, replyTo(mail, "New reply after connecting."));
    await waitForInbound(String(inv.id), 1);
    const readMs = performance.now() - appended;
    // The folder renumbered: reading starts again from the last message's day, by SEARCH SINCE.
    await readersOfTest.stop();
    await imap.renumber(BIG);
    const renumbered = performance.now();
    readersOfTest = startMailboxReaders(world().t.ctx, mailboxIntake(world().t.ctx), {
      owner: "bad-input-2",
      scanMs: 100,
      log: { warn() {}, error: console.error },
    });
    await imap.append(BIG, replyTo(mail, "Another one."));
    await waitForInbound(String(inv.id), 2, 30_000);
    const catchUpMs = performance.now() - renumbered;
    console.log(
      `10,000 old messages: connect ${connectMs.toFixed(0)} ms, first reply read ${readMs.toFixed(0)} ms after APPEND, after a renumbering ${catchUpMs.toFixed(0)} ms`,
    );
    expect(connectMs).toBeLessThan(3_000);
    expect(await status()).toMatchObject({ messagesRead: 2 });
  }, 180_000);
});

describe("latency", () => {
  it("APPEND to the message in its thread: median of 20", async () => {
    const app = world().t;
    const readers = startMailboxReaders(app.ctx, mailboxIntake(app.ctx), {
      owner: "latency",
      scanMs: 100,
      log: { warn() {}, error: console.error },
    });
    try {
      expect((await put({ user: AR, plusAddressing: true })).status).toBe(200);
      await until(() => readers.reading().length === 1, 5_000, { what: "the reader" });
      const inv = takeInvoice();
      const mail = await sendReminder(String(inv.id), `Invoice ${inv.docNumber} is overdue`);
      await sleep(500);
      const times: number[] = [];
      for (let i = 1; i <= 20; i++) {
        const raw = replyTo(mail, `Reply ${i}`);
        const started = performance.now();
        await imap.append(AR, raw);
        await waitForInbound(String(inv.id), i);
        times.push(performance.now() - started);
      }
      console.log(
        `APPEND to thread (${app.backend}): median ${median(times).toFixed(0)} ms, min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)} (n=20)`,
      );
      expect(median(times)).toBeLessThan(2_000);
    } finally {
      await readers.stop();
    }
  }, 120_000);

  it("disconnecting stops the reader and forgets the password", async () => {
    const res = await world().call("DELETE", `${apiPaths.mailbox.connection}?companyId=${user().companyId}`, {
      token: user().token,
    });
    expect(res.status).toBe(200);
    expect(await status()).toBeNull();
    expect(await world().t.ctx.db.select().from(companyMailboxes)).toEqual([]);
  });
});
