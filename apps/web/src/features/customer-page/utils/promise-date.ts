import { customerPageMessages, MAX_PROMISE_DAYS_AHEAD } from "@recoup/contracts";

import { localIsoDate, parseIsoDate } from "@/lib/format";

export const promiseDateMissing = "Choose the date you will pay by.";

/** The last date a promise may name: the company's `today` plus MAX_PROMISE_DAYS_AHEAD days. */
export function latestPromiseDate(today: string): string {
  const day = parseIsoDate(today);
  return day ? localIsoDate(day, MAX_PROMISE_DAYS_AHEAD) : today;
}

/** Why the API would refuse `date` (in its own words), or null: from `today` to 90 days on. */
export function promiseDateError(date: string, today: string): string | null {
  if (!parseIsoDate(date)) return promiseDateMissing;
  if (date < today) return customerPageMessages.promiseDateInPast;
  if (date > latestPromiseDate(today)) return customerPageMessages.promiseDateTooFar;
  return null;
}
