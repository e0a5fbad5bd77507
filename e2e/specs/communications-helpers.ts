/**
 * Helpers for the Communications specs (and the accessibility and screenshot specs that need a
 * thread): invoices that can be reminded, and what the API says of their threads and pauses. A
 * reminder sent by hand and the customer's answers are the test kit's (`sendReminder`, the
 * mailbox's `answer`).
 */
import type { ConnectedUser } from "@recoup/api/testing";
import { apiPaths } from "@recoup/contracts";
import { stack } from "../browser.ts";

export interface Target {
  invoiceId: string;
  docNumber: string | null;
  customerRef: string;
  customerName: string;
  email: string;
}

/** The Communications page open on the invoice's thread. */
export const threadUrl = (t: Pick<Target, "invoiceId" | "customerRef">) =>
  `/communications?${new URLSearchParams({ invoice: t.invoiceId, customer: t.customerRef })}`;

/** "#1042", as the app names an invoice. */
export const invoiceLabel = (t: Pick<Target, "docNumber" | "invoiceId">) =>
  t.docNumber ? `#${t.docNumber}` : `(no number, id ${t.invoiceId})`;

async function get<T>(user: ConnectedUser, path: string, params: Record<string, string>): Promise<T> {
  const query = new URLSearchParams({ companyId: user.companyId, ...params });
  const res = await stack().call("GET", `${path}?${query}`, { token: user.token });
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${res.text}`);
  return res.json.data as T;
}

/** Unpaid invoices with an email address, one per customer, so each test has a customer of its own. */
export async function remindableInvoices(user: ConnectedUser): Promise<Target[]> {
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
  messages: { id: string; kind: string; direction: string; subject: string; status: string }[];
  promise: { date: string; source: string; missed: boolean } | null;
  dispute: { reason: string; message: string; source: string } | null;
  suggestion: { emailId: string; kind: string; date: string | null; text: string; action: string } | null;
}

/** The invoice's thread as the API answers it. */
export const threadOf = (user: ConnectedUser, t: Target) =>
  get<ThreadData>(user, apiPaths.communications.thread, {
    customerRef: t.customerRef,
    invoiceId: t.invoiceId,
  });

/** The pauses in force on the invoice and on its customer. */
export const pausesOf = async (user: ConnectedUser, t: Target) => {
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

/** YYYY-MM-DD `days` from today (UTC, the kit's companies' time zone). */
export const isoDaysFromNow = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A calendar date as the app shows it in Chromium's en-US: "Dec 2, 2026". */
export const shownDate = (iso: string) => {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return new Intl.DateTimeFormat("en-US", { dateStyle: "medium" }).format(new Date(y, m - 1, d));
};

/** Whether this server offers generated drafts (the route exists: anything but "No route for"). */
export async function draftsAvailable(user: ConnectedUser, t: Target): Promise<boolean> {
  const query = new URLSearchParams({
    companyId: user.companyId,
    customerRef: t.customerRef,
    invoiceId: t.invoiceId,
  });
  const res = await stack().call("GET", `${apiPaths.communications.draft}?${query}`, { token: user.token });
  return !(res.status === 404 && /No route for/.test(res.text));
}
