/**
 * Helpers for the Communications specs (and the accessibility and screenshot specs that need a
 * thread): invoices that can be reminded, a reminder sent by hand and recorded in its thread, and
 * the mail sandbox playing the customer (reply, out of office, bounce) through its JSON API.
 */
import { apiPaths } from "@recoup/contracts";
import { inject } from "vitest";

import { type Mail, waitForMail } from "../browser.ts";
import { caller, type SyncedUser } from "./collections-helpers.ts";

export interface Target {
  invoiceId: string;
  docNumber: string | null;
  customerRef: string;
  customerName: string;
  email: string;
}

/** "#1042", as the app names an invoice. */
export const invoiceLabel = (t: Pick<Target, "docNumber" | "invoiceId">) =>
  t.docNumber ? `#${t.docNumber}` : `(no number, id ${t.invoiceId})`;

async function get<T>(user: SyncedUser, path: string, params: Record<string, string>): Promise<T> {
  const query = new URLSearchParams({ companyId: user.companyId, ...params });
  const res = await caller()("GET", `${path}?${query}`, { token: user.token });
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${res.text}`);
  return res.json.data as T;
}

/** Unpaid invoices with an email address, one per customer, so each test has a customer of its own. */
export async function remindableInvoices(user: SyncedUser): Promise<Target[]> {
  const data = await get<{ invoices: (Target & { id: string; balanceCents: number })[] }>(
    user,
    apiPaths.invoices.list,
    { status: "unpaid", limit: "100", sortField: "dueDate", sortOrder: "asc" },
  );
  const seen = new Set<string>();
  return data.invoices
    .filter(
      (row) => row.email && row.balanceCents > 0 && !seen.has(row.customerRef) && seen.add(row.customerRef),
    )
    .map((row) => ({
      invoiceId: row.id,
      docNumber: row.docNumber,
      customerRef: row.customerRef,
      customerName: row.customerName,
      email: row.email,
    }));
}

interface ThreadData {
  state: string;
  messages: { kind: string; direction: string; subject: string; status: string }[];
}

/** The invoice's thread as the API answers it. */
export const threadOf = (user: SyncedUser, t: Target) =>
  get<ThreadData>(user, apiPaths.communications.thread, {
    customerRef: t.customerRef,
    invoiceId: t.invoiceId,
  });

/** The pauses in force on the invoice and on its customer. */
export const pausesOf = async (user: SyncedUser, t: Target) => {
  const [invoice, customer] = await Promise.all([
    get<{ pauses: { reason: string; detail: string | null }[] }>(user, apiPaths.reminders.pauses, {
      invoiceId: t.invoiceId,
    }),
    get<{ pauses: { reason: string; detail: string | null }[] }>(user, apiPaths.reminders.pauses, {
      customerRef: t.customerRef,
    }),
  ]);
  return { invoice: invoice.pauses, customer: customer.pauses };
};

/** Waits until `check` holds for the value `read` answers. */
export async function until<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  what: string,
  ms = 15_000,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * 'Send reminder now' through the API, with its own subject: answers the email as the mail
 * sandbox caught it, once the thread has recorded it.
 */
export async function sendReminder(user: SyncedUser, t: Target, subject: string): Promise<Mail> {
  const draft = await get<{ stage: string; html: string }>(user, apiPaths.reminders.draft, {
    invoiceId: t.invoiceId,
  });
  const sent = await caller()("POST", apiPaths.reminders.send, {
    token: user.token,
    body: {
      companyId: user.companyId,
      invoiceId: t.invoiceId,
      stage: draft.stage,
      subject,
      html: draft.html,
    },
  });
  if (sent.status !== 200) throw new Error(`send: ${sent.status} ${sent.text}`);
  const mail = await waitForMail(t.email, new RegExp(`^${subject}$`));
  await until(
    () => threadOf(user, t),
    (thread) => thread.messages.some((m) => m.subject === subject),
    "the reminder in its thread",
  );
  return mail;
}

export type Answer = "reply" | "out-of-office" | "bounce";

/** The mail sandbox answers `mailId` as the customer would, and posts it to Recoup's inbound endpoint. */
export async function answerAsCustomer(mailId: string, kind: Answer, body: Record<string, string> = {}) {
  const res = await fetch(`${inject("inboxUrl")}/api/messages/${encodeURIComponent(mailId)}/${kind}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { status: number | null; id: string };
  if (res.status !== 200 || json.status !== 204)
    throw new Error(`sandbox ${kind}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** YYYY-MM-DD `days` from today (UTC, the kit's companies' time zone). */
export const isoDaysFromNow = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A calendar date as the app shows it in Chromium's en-US: "Dec 2, 2026". */
export const shownDate = (iso: string) => {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return new Intl.DateTimeFormat("en-US", { dateStyle: "medium" }).format(new Date(y, m - 1, d));
};

/** Whether this server offers generated drafts (the route exists: anything but "No route for"). */
export async function draftsAvailable(user: SyncedUser, t: Target): Promise<boolean> {
  const query = new URLSearchParams({
    companyId: user.companyId,
    customerRef: t.customerRef,
    invoiceId: t.invoiceId,
  });
  const res = await caller()("GET", `${apiPaths.communications.draft}?${query}`, { token: user.token });
  return !(res.status === 404 && /No route for/.test(res.text));
}
