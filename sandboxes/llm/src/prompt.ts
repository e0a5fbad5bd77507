/**
 * Reads what Recoup puts in the user message: a `<facts>` block of JSON, and optionally a
 * `<customer_reply>` block quoting the customer's last reply (untrusted text).
 */
import { isRecord } from "./http.ts";

export type Tone = "friendly" | "firm" | "final";
export const TONES: readonly Tone[] = ["friendly", "firm", "final"];

/** The facts of one reminder, as Recoup sends them (every field optional here; strings as given). */
export interface Facts {
  companyName?: string;
  customerName?: string;
  invoiceNumber?: string;
  amountDue?: string;
  total?: string;
  currency?: string;
  issueDate?: string;
  dueDate?: string;
  daysOverdue?: number;
  remindersSent?: number;
  tone?: Tone;
  senderName?: string;
}

export interface PromptData {
  /** The parsed `<facts>` JSON, or null when the user text has no such block with a JSON object. */
  facts: Facts | null;
  /** The text inside `<customer_reply>` (several blocks joined by a blank line), or null. */
  customerReply: string | null;
}

const REPLY_BLOCK = /<customer_reply>([\s\S]*?)<\/customer_reply>/gi;
const FACTS_BLOCK = /<facts>([\s\S]*?)<\/facts>/gi;

const STRING_FIELDS = [
  "companyName",
  "customerName",
  "invoiceNumber",
  "amountDue",
  "total",
  "currency",
  "issueDate",
  "dueDate",
  "senderName",
] as const;

/** Finds the facts and the customer's reply in the user text of a request. */
export function readPrompt(userText: string): PromptData {
  const replies = [...userText.matchAll(REPLY_BLOCK)].map((m) => unquote(m[1]!.trim()));
  // A reply could carry a fake <facts> block of its own: look for facts outside the replies only.
  const outside = userText.replace(REPLY_BLOCK, " ");
  let facts: Facts | null = null;
  for (const match of outside.matchAll(FACTS_BLOCK)) {
    try {
      const parsed: unknown = JSON.parse(match[1]!);
      if (isRecord(parsed)) {
        facts = toFacts(parsed);
        break;
      }
    } catch {
      // not JSON (e.g. the tag named in prose): try the next block
    }
  }
  return { facts, customerReply: replies.length ? replies.join("\n\n") : null };
}

/** A reply may be sent JSON-encoded (a quoted string) inside the tags: decode it then. */
function unquote(text: string): string {
  if (!text.startsWith('"')) return text;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "string" ? value : text;
  } catch {
    return text;
  }
}

function toFacts(raw: Record<string, unknown>): Facts {
  const facts: Facts = {};
  for (const key of STRING_FIELDS) {
    const value = raw[key];
    if (typeof value === "string" && value.trim()) facts[key] = value.trim();
    else if (typeof value === "number" && Number.isFinite(value)) facts[key] = String(value);
  }
  const days = toNumber(raw.daysOverdue);
  if (days !== undefined) facts.daysOverdue = Math.trunc(days);
  const reminders = toNumber(raw.remindersSent);
  if (reminders !== undefined) facts.remindersSent = Math.max(0, Math.trunc(reminders));
  if (typeof raw.tone === "string" && (TONES as readonly string[]).includes(raw.tone.toLowerCase())) {
    facts.tone = raw.tone.toLowerCase() as Tone;
  }
  return facts;
}

function toNumber(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && value.trim() && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}
