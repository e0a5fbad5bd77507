import type { Interval } from "./types.ts";

export const HOUR = 3600;
export const DAY = 86_400;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/**
 * `from` plus `count` intervals, as Stripe bills: months keep the anchor's day of the month,
 * clamped to the month's last day (an anchor on the 31st bills on Feb 28 or 29, then on Mar 31).
 */
export function addInterval(from: number, interval: Interval, count: number, anchor = from): number {
  switch (interval) {
    case "day":
      return from + count * DAY;
    case "week":
      return from + count * 7 * DAY;
    default: {
      const months = interval === "year" ? 12 * count : count;
      const start = new Date(from * 1000);
      const total = start.getUTCMonth() + months;
      const year = start.getUTCFullYear() + Math.floor(total / 12);
      const month = ((total % 12) + 12) % 12;
      const day = Math.min(new Date(anchor * 1000).getUTCDate(), daysInMonth(year, month));
      return (
        Date.UTC(year, month, day, start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds()) / 1000
      );
    }
  }
}

export function formatDate(seconds: number): string {
  return new Date(seconds * 1000).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}

export function formatAmount(cents: number, currency: string): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(
    cents / 100,
  );
}
