/** Why a customer contests an invoice. `already_paid` is for the dispute form only: readReply says `paid`. */
export type DisputeReason = "wrong_amount" | "not_received" | "goods_or_service" | "already_paid" | "other";

/** What a customer's reply says, read as a suggestion that the user applies (or not) with one click. */
export type ReplyIntent =
  | { kind: "promise" /** YYYY-MM-DD */; date: string /** The sentence that said it. */; evidence: string }
  | { kind: "dispute"; reason: DisputeReason; evidence: string }
  | { kind: "paid"; evidence: string }
  | { kind: "none" };

/** When the reply is read: today's date in the company's time zone, and that zone (IANA name). */
export interface ReplyClock {
  today: string;
  timeZone: string;
}

export type Language = "en" | "de" | "fr" | "es";
