import { promiseDateProblem } from "@/lib/promise-dates";

export { promiseDateBounds } from "@/lib/promise-dates";

/** Why `date` cannot be promised (the API's own sentences), or null when it can. */
export const promiseDateError = (date: string, bounds: { min: string; max: string }) =>
  promiseDateProblem(date, bounds, "Choose the date the customer will pay by.");
