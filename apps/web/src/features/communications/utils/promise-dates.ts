import { holdMessages, MAX_PROMISE_DAYS_AHEAD } from "@recoup/contracts";

import { localIsoDate, parseIsoDate } from "@/lib/format";

/** The dates a promise may name: the company's today up to MAX_PROMISE_DAYS_AHEAD days later. */
export function promiseDateBounds(today: string): { min: string; max: string } {
  const day = parseIsoDate(today) ?? new Date();
  return { min: localIsoDate(day), max: localIsoDate(day, MAX_PROMISE_DAYS_AHEAD) };
}

/** Why `date` cannot be promised (the API's own sentences), or null when it can. */
export function promiseDateError(date: string, bounds: { min: string; max: string }): string | null {
  if (!parseIsoDate(date)) return "Choose the date the customer will pay by.";
  if (date < bounds.min) return holdMessages.dateInPast;
  if (date > bounds.max) return holdMessages.dateTooFar;
  return null;
}
