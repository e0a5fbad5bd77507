/** How a thread reads: its messages, and where the conversation stands. */
import type { EmailMessage, EmailThread, ThreadState } from "@recoup/contracts";
import type { EmailMessageRow } from "./messages.repository.ts";

export const toMessage = (m: EmailMessageRow): EmailMessage => ({
  id: m.id,
  direction: m.direction,
  kind: m.kind,
  status: m.status,
  messageId: m.messageId,
  inReplyTo: m.inReplyTo,
  from: m.fromAddress,
  to: m.toAddress,
  cc: m.ccAddress,
  bcc: m.bccAddress,
  subject: m.subject,
  html: m.html,
  text: m.text,
  replyText: m.replyText || m.text,
  attachments: m.attachments,
  returnDate: m.returnDate,
  error: m.error,
  note: m.note,
  sender: m.senderCheck?.state ?? "known",
  heldReason: m.senderCheck?.reason ?? null,
  at: m.at.toISOString(),
});

type Facts = Pick<EmailThread, "state" | "replyWaitingSince" | "awayUntil" | "bouncing">;

/** Where the conversation stands, from its thread record, the customer's pauses and its last message. */
export function facts(
  today: string,
  thread: { replyWaitingSince: Date | null; handledAt: Date | null } | undefined,
  pauses: { reason: string; until: string | null; detail: string | null; createdAt: Date }[],
  last: Pick<EmailMessageRow, "direction" | "status"> | undefined,
): Facts {
  const bounce = pauses.find((p) => p.reason === "bounce");
  const away = pauses.find((p) => p.reason === "away" && p.until !== null && p.until > today);
  const bouncing = bounce
    ? {
        address: bounce.detail ?? "",
        reason: "Emails to this address bounce.",
        at: bounce.createdAt.toISOString(),
      }
    : null;
  const state: ThreadState = thread?.replyWaitingSince
    ? "reply_waiting"
    : bouncing
      ? "bouncing"
      : away
        ? "away"
        : last?.status === "failed"
          ? "failed"
          : thread?.handledAt && last?.direction === "inbound"
            ? "handled"
            : "sent";
  return {
    state,
    replyWaitingSince: thread?.replyWaitingSince?.toISOString() ?? null,
    awayUntil: away?.detail ?? null,
    bouncing,
  };
}
