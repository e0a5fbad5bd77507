import {
  type DisputeReason,
  type EmailMessage,
  MAX_DISPUTE_MESSAGE_LENGTH,
  type ReplySuggestion,
} from "@recoup/contracts";

/**
 * The dispute a reply's suggestion records: the reason as read ('already paid' for a paid
 * suggestion, 'other' when none was read), and the customer's own words (their reply without the quoted history, cut to the longest message a
 * dispute keeps) as its message; the suggestion's sentence when the reply has no words of its own.
 */
export function suggestedDispute(
  suggestion: Pick<ReplySuggestion, "kind" | "reason" | "emailId" | "text">,
  messages: Pick<EmailMessage, "id" | "replyText">[],
): { reason: DisputeReason; message: string } {
  const reply = messages.find((m) => m.id === suggestion.emailId);
  const words = (reply?.replyText ?? "").trim().slice(0, MAX_DISPUTE_MESSAGE_LENGTH).trim();
  return {
    reason: suggestion.reason ?? (suggestion.kind === "paid" ? "already_paid" : "other"),
    message: words || suggestion.text,
  };
}
