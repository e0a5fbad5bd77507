/** How late a draft says the invoice is, checked against the records. */
import { plural } from "../plural.ts";

/**
 * Where a draft states how late the invoice is ("14 days overdue", "overdue by 14 days", "14 days
 * past the due date") or how soon it is due ("due in 3 days", "3 days from now"), as days overdue.
 * A fee or a charge ("a 7-day late fee") and a deadline ("please pay within 7 days") are not such
 * statements.
 */
const DAY_COUNTS: { pattern: RegExp; overdue: (n: number) => number }[] = [
  {
    pattern:
      /\b(\d{1,5})[\s-]+days?\s+(?:overdue|late|past\s+(?:the\s+|its\s+)?due(?:\s+date)?|after\s+(?:the|its)\s+due\s+date)\b(?!\s+(?:fees?|charges?|interest|penalt))/gi,
    overdue: (n) => n,
  },
  { pattern: /\b(?:overdue|late|past\s+due)\s+(?:by|for)\s+(\d{1,5})\s+days?\b/gi, overdue: (n) => n },
  {
    // "due in 3 days", "due on March 31, 2026, 3 days from now"
    pattern:
      /\bdue(?:\s+on\s+[A-Za-z0-9 ,/-]{3,30}?)?,?\s+(?:in\s+(\d{1,5})\s+days?|(\d{1,5})\s+days?\s+from\s+now)\b/gi,
    overdue: (n) => -n,
  },
];

/** How late the invoice is, in the guard's words: "14 days overdue", "due today", "due in 3 days". */
export const lateness = (daysOverdue: number) =>
  daysOverdue > 0
    ? `${plural(daysOverdue, "day")} overdue`
    : daysOverdue === 0
      ? "due today"
      : `due in ${plural(-daysOverdue, "day")}`;

/** The first statement of days late that the records do not bear out. */
export function wrongDayCount(text: string, daysOverdue: number) {
  for (const { pattern, overdue } of DAY_COUNTS) {
    for (const match of text.matchAll(pattern)) {
      if (overdue(Number(match[1] ?? match[2])) !== daysOverdue) return match[0];
    }
  }
  return null;
}
