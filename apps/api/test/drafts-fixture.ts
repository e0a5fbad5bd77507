/**
 * The drafts API tests' world: the sample company synced, the LLM sandbox, and apps on the same
 * database whose drafts come from Gemini and from an OpenAI-compatible model; helpers to ask for a
 * draft, deliver a customer's reply, send a reminder, and take an invoice no other test of the
 * file uses.
 */
import { apiPaths, type DraftEmail } from "@recoup/contracts";
import { type LlmSandbox, startLlmSandbox } from "@recoup/sandbox-llm";
import { afterAll, beforeAll, expect } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { longDate } from "../src/lib/dates.ts";
import { formatCents } from "../src/lib/money.ts";
import {
  dayText,
  type InvoiceRecord,
  openInvoices,
  startWorld,
  todayDay,
  type World,
} from "./collections-fixture.ts";
import { type Caller, createReply, injectCaller, sendReminder as sendByHand } from "./kit/index.ts";

export const TIMEOUT_MS = 1500;

export const lateBy = (inv: InvoiceRecord) => todayDay - inv.dueDate;
export const money = (cents: number, inv: InvoiceRecord) => formatCents(cents, inv.currency, "en-US");
export const date = (day: number) => longDate(dayText(day), "en-US");

export interface DraftsWorld {
  w: World;
  llm: LlmSandbox;
  /** The sample company, served by apps whose drafts come from Gemini and from an OpenAI-compatible model. */
  gemini: Caller;
  openai: Caller;
}

/**
 * Starts the world before the file's tests and closes it after them; the world's fields are set
 * from the first test on, the helpers can be taken at once.
 */
export function draftsWorld() {
  const d = {} as DraftsWorld;
  const closers: (() => Promise<unknown>)[] = [];
  /** Invoices used by one test only: each test takes its own. */
  const taken = new Set<number>();

  /** An app on the world's database (same company, users and sessions) with its own draft settings. */
  async function appWith(env: Record<string, string>): Promise<Caller> {
    const drafts = loadConfig({ NODE_ENV: "test", JWT_SECRET: d.w.t.ctx.config.jwtSecret, ...env }).drafts;
    const { app, ctx } = await buildApp(
      { ...d.w.t.ctx.config, runWorker: false, drafts },
      { database: d.w.t.ctx.database },
    );
    ctx.now = d.w.t.ctx.now;
    await app.ready();
    closers.push(() => app.close());
    return injectCaller(app);
  }

  beforeAll(async () => {
    d.w = await startWorld();
    d.llm = await startLlmSandbox({ port: 0, apiKey: "sandbox-key", delayMs: 10_000 });
    d.gemini = await appWith({
      GEMINI_API_KEY: d.llm.apiKey,
      GEMINI_API_URL: d.llm.geminiBaseUrl,
      DRAFT_TIMEOUT_MS: String(TIMEOUT_MS),
    });
    d.openai = await appWith({
      OPENAI_API_KEY: d.llm.apiKey,
      OPENAI_BASE_URL: d.llm.openaiBaseUrl,
      OPENAI_MODEL: "llama3.2",
      DRAFT_TIMEOUT_MS: String(TIMEOUT_MS),
    });
  });
  afterAll(async () => {
    for (const close of closers) await close();
    await d.llm?.close();
    await d.w?.close();
  });

  const draftUrl = (inv: InvoiceRecord, over: Record<string, string> = {}) =>
    `${apiPaths.communications.draft}?${new URLSearchParams({
      companyId: d.w.user.companyId,
      customerRef: String(inv.customerId),
      invoiceId: String(inv.id),
      ...over,
    })}`;

  async function draft(inv: InvoiceRecord, call: Caller = d.w.call): Promise<DraftEmail> {
    const res = await call("GET", draftUrl(inv), { token: d.w.user.token });
    expect(res.status, res.text).toBe(200);
    return res.json.data;
  }

  const open = () => openInvoices(d.w.store()).sort((a, b) => a.id - b.id);

  /**
   * A customer's reply to the invoice, as the inbound relay would deliver it to its reply address.
   * Its date is fixed, so a second reply would tie with it: the invoice is not taken again.
   */
  async function reply(inv: InvoiceRecord, text: string) {
    taken.add(inv.id);
    const stored = await createReply(d.w.t, {
      companyId: d.w.user.companyId,
      invoiceId: String(inv.id),
      subject: `Re: Invoice ${inv.docNumber}`,
      text,
    });
    expect(stored).toMatchObject({ stored: true, kind: "reply" });
  }

  /** Sends a reminder by hand and waits until it went out (and is in the thread). */
  const sendReminder = (inv: InvoiceRecord) =>
    sendByHand(d.w.t, d.w.user, String(inv.id), {
      stage: "after_due_date",
      subject: `Invoice ${inv.docNumber}`,
      html: "<p>Please pay.</p>",
    });

  function take(pick: (inv: InvoiceRecord) => boolean): InvoiceRecord {
    const inv = open().find((i) => !taken.has(i.id) && pick(i));
    if (!inv) throw new Error("no such invoice left in the sample company");
    taken.add(inv.id);
    return inv;
  }

  const lastRequest = () => d.llm.requests().at(-1)!;

  return Object.assign(d, { appWith, draftUrl, draft, open, reply, sendReminder, take, lastRequest });
}
