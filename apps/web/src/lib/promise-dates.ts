import { customerPageMessages, MAX_PROMISE_DAYS_AHEAD } from "@recoup/contracts";

import { localIsoDate, parseIsoDate } from "@/lib/format";

/**
 * The dates a promise to pay may name, the API's rule for the customer page and the thread alike:
 * the company's today up to MAX_PROMISE_DAYS_AHEAD days later.
 */
export function promiseDateBounds(today: string): { min: string; max: string } {
  const day = parseIsoDate(today) ?? new Date();
  return { min: localIsoDate(day), max: localIsoDate(day, MAX_PROMISE_DAYS_AHEAD) };
}

/** Why `date` cannot be promised (the API's own sentences, or `missing` without one), or null. */
export function promiseDateProblem(
  date: string,
  bounds: { min: string; max: string },
  missing: string,
): string | null {
  if (!parseIsoDate(date)) return missing;
  if (date < bounds.min) return customerPageMessages.promiseDateInPast;
  if (date > bounds.max) return customerPageMessages.promiseDateTooFar;
  return null;
}
