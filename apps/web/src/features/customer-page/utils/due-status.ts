import { formatCountOf, parseIsoDate } from "@/lib/format";

export type DueTone = "overdue" | "today" | "upcoming" | "none";

export interface DueStatus {
  text: string;
  tone: DueTone;
}

const DAY_MS = 86_400_000;
const days = ["day", "days"] as const;

/** Calendar days from `from` to `to` (both YYYY-MM-DD); rounding absorbs a daylight-saving hour. */
function daysBetween(from: string, to: string): number | null {
  const a = parseIsoDate(from);
  const b = parseIsoDate(to);
  return a && b ? Math.round((b.getTime() - a.getTime()) / DAY_MS) : null;
}

/**
 * An open invoice's standing on the company's `today`: "12 days overdue" (the API's count),
 * "Due today", "Due in 3 days", or "No due date".
 */
export function dueStatus(
  invoice: { dueDate: string | null; daysOverdue: number },
  today: string,
  locale?: string,
): DueStatus {
  if (invoice.daysOverdue > 0) {
    return { text: `${formatCountOf(invoice.daysOverdue, days, locale)} overdue`, tone: "overdue" };
  }
  const until = invoice.dueDate ? daysBetween(today, invoice.dueDate) : null;
  if (until === null) return { text: "No due date", tone: "none" };
  if (until <= 0) return { text: "Due today", tone: "today" };
  return { text: `Due in ${formatCountOf(until, days, locale)}`, tone: "upcoming" };
}

/** QuickBooks' payment page, if its address is a web address (never javascript: or data:). */
export function payHref(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}
