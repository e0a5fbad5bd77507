/**
 * What the latest reply of a thread seems to say, offered as one click ('Looks like a promise to
 * pay on Dec 4, 2026: Record promise'); nothing is applied without it. Read when the thread is
 * shown, dated as the reply came, and only while nothing was recorded since.
 */
import { disputeReasonLabels, holdLabels, type ReplySuggestion } from "@recoup/contracts";
import { dateIn } from "../../lib/dates.ts";
import { type Holds, promiseDateProblem } from "../holds/index.ts";
import type { EmailMessageRow } from "./messages.repository.ts";
import { readReply } from "./reply-intent/index.ts";

const shortDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
const RECORDED = new Set(["promise", "dispute", "update"]);

export function replySuggestion(
  messages: EmailMessageRow[],
  invoice: { id: string; balanceCents: number },
  held: Holds,
  clock: { today: string; timeZone: string },
): ReplySuggestion | null {
  if (invoice.balanceCents <= 0) return null;
  const lastReply = messages.findLastIndex((m) => m.kind === "reply");
  const reply = messages[lastReply];
  // A held reply (unknown sender, late) suggests nothing until confirmed; nor one already acted on.
  if (!reply || reply.senderCheck?.state === "unknown") return null;
  if (messages.slice(lastReply + 1).some((m) => RECORDED.has(m.kind))) return null;
  const intent = readReply(reply.text, { today: dateIn(clock.timeZone, reply.at), timeZone: clock.timeZone });
  const base = { emailId: reply.id };
  const disputed = held.disputes.has(invoice.id);
  switch (intent.kind) {
    case "promise": {
      if (disputed || promiseDateProblem(intent.date, clock.today)) return null;
      if (held.promises.get(invoice.id)?.promisedFor === intent.date) return null;
      return {
        ...base,
        kind: "promise",
        date: intent.date,
        reason: null,
        text: `Looks like a promise to pay on ${shortDate(intent.date)}`,
        action: holdLabels.recordPromise,
      };
    }
    case "dispute":
      if (disputed) return null;
      return {
        ...base,
        kind: "dispute",
        date: null,
        reason: intent.reason,
        text: `Looks like a dispute: ${disputeReasonLabels[intent.reason]}`,
        action: "Record dispute",
      };
    case "paid":
      if (disputed) return null;
      return {
        ...base,
        kind: "paid",
        date: null,
        reason: "already_paid",
        text: "Looks like they say it is already paid",
        action: "Record as already paid",
      };
    default:
      return null;
  }
}
