import { promiseDateBounds, promiseDateProblem } from "@/lib/promise-dates";

export const promiseDateMissing = "Choose the date you will pay by.";

/** The last date a promise may name: the company's `today` plus MAX_PROMISE_DAYS_AHEAD days. */
export const latestPromiseDate = (today: string) => promiseDateBounds(today).max;

/** Why the API would refuse `date` (in its own words), or null: from `today` to 90 days on. */
export const promiseDateError = (date: string, today: string) =>
  promiseDateProblem(date, promiseDateBounds(today), promiseDateMissing);
