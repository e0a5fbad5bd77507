/** Recording sends: a reminder marked sent and its message in the invoice's thread, grouped into few statements. */
import type { AppContext } from "../../context.ts";
import { type OutboundMessage, recordOutbound, type ThreadHeaders } from "../communications/index.ts";
import type { Recipients } from "./recipients.ts";
import type * as remindableRepo from "./remindable.repository.ts";
import * as repo from "./reminders.repository.ts";
import type { RenderedEmail } from "./render.ts";

export interface Sent {
  rendered: RenderedEmail;
  headers: ThreadHeaders;
  from: string;
  attachments: { filename: string; contentType: string; size: number }[];
  /** Why the invoice's PDF is not attached, when it should have been. */
  note: string | null;
  /** Whom it went to, and who was left out and why. */
  recipients: Recipients;
}
/** A reminder as its invoice's thread shows it. */
export const inThread = (
  r: repo.ReminderRow,
  invoice: remindableRepo.InvoiceForReminder,
  sent: Sent | undefined,
  status: "sent" | "failed",
  error: string | null,
  at: Date,
) => ({
  companyId: r.companyId,
  invoiceId: r.invoiceQbId,
  customerRef: invoice.customerRef,
  kind: r.stage === "manual" ? ("manual" as const) : ("automatic" as const),
  status,
  reminderId: r.id,
  messageId: r.messageId,
  headers: sent?.headers ?? {},
  from: sent?.from ?? "",
  to: sent?.recipients.to.join(", ") ?? r.toAddress,
  cc: sent?.recipients.cc.join(", ") ?? r.ccAddress,
  bcc: sent?.recipients.bcc.join(", ") ?? r.bccAddress,
  subject: sent?.rendered.subject ?? r.subject,
  html: sent ? (sent.rendered.threadHtml ?? sent.rendered.html) : (r.html ?? ""),
  text: sent?.rendered.text ?? "",
  error,
  note: [sent?.note, ...(sent?.recipients.notSent ?? [])].filter(Boolean).join(" ") || null,
  attachments: sent?.attachments ?? [],
  sentBy: r.sentBy,
  at,
});
/**
 * Sends accepted within this many milliseconds (or this many) are recorded with one statement: a
 * commit (an fsync on the embedded database) for several sends rather than each. 50 rather than
 * 20: fewer, larger records sent the whole send faster on both databases (bench/README.md,
 * "Sending closer to the wire"); a crash in that window sends those again with the same Message-ID.
 */
const RECORD_WITHIN_MS = 50;
const RECORD_AT_MOST = 250;
/** A reminder sent: its record, and its message in the invoice's thread. */
interface SentRow {
  sent: repo.SentRecord;
  thread: OutboundMessage;
}
/**
 * Records a reminder sent (and its thread message; a combined reminder: each of its invoices'
 * rows, always in the same transaction), together with the others accepted by the SMTP server
 * meanwhile: two statements in one transaction instead of two each (on PGlite, where statements
 * run one at a time, that was half the time of a send). A group is written `RECORD_WITHIN_MS`
 * after its first send, or at `RECORD_AT_MOST`; while the previous group's transaction is still
 * being written the next one keeps gathering (group commit), so when commits are slow (PGlite's
 * fsync blocks the thread, about 7 ms on a common disk) each carries more sends rather than
 * queueing one behind another. Resolves once its group is recorded; a failure is each one's.
 */
export function recordSent(ctx: AppContext, rows: readonly SentRow[]): Promise<void> {
  const state = recorders.get(ctx) ?? { open: undefined, writing: false };
  recorders.set(ctx, state);
  let g = state.open;
  if (!g) {
    const group: RecordGroup = { rows: [], waiting: [], due: false, timer: undefined };
    group.timer = setTimeout(() => {
      group.due = true;
      flushWhenFree(ctx, state);
    }, RECORD_WITHIN_MS);
    state.open = group;
    g = group;
  }
  // A combined reminder's rows go in the same group: recorded together, or not at all.
  g.rows.push(...rows);
  const recorded = new Promise<void>((resolve, reject) => g.waiting.push({ resolve, reject }));
  if (g.rows.length >= RECORD_AT_MOST) {
    g.due = true;
    flushWhenFree(ctx, state);
  }
  return recorded;
}
/** Writes the open group when it is due and no other is being written. */
function flushWhenFree(ctx: AppContext, state: RecorderState) {
  const g = state.open;
  if (!g?.due || state.writing) return;
  clearTimeout(g.timer);
  state.open = undefined;
  state.writing = true;
  void ctx.db
    .transaction(async (tx) => {
      await repo.markSent(
        tx,
        g.rows.map((r) => r.sent),
      );
      await recordOutbound(
        tx,
        g.rows.map((r) => r.thread),
      );
    })
    .then(
      () => {
        for (const w of g.waiting) w.resolve();
      },
      (err: unknown) => {
        for (const w of g.waiting) w.reject(err);
      },
    )
    .finally(() => {
      state.writing = false;
      flushWhenFree(ctx, state);
    });
}
interface RecordGroup {
  rows: SentRow[];
  waiting: { resolve: () => void; reject: (err: unknown) => void }[];
  /** Its time is up (or it is full): written as soon as the group before it is. */
  due: boolean;
  timer: ReturnType<typeof setTimeout> | undefined;
}
interface RecorderState {
  /** The group gathering sends. */
  open: RecordGroup | undefined;
  /** Whether the group before it is being written. */
  writing: boolean;
}
const recorders = new WeakMap<AppContext, RecorderState>();
