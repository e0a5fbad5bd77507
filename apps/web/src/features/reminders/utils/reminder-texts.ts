import type { EnablePreview, ReminderSettingsResponse } from "@recoup/contracts";

import { formatCountOf, formatDateTime } from "@/lib/format";

type Settings = ReminderSettingsResponse["data"];

/** Whether reminders go out, and when the next ones can (in the company's time zone). */
export function reminderStatusLine(settings: Settings, locale?: string): string {
  if (!settings.enabled) return "Off: no reminder is sent automatically. 'Send reminder now' still works.";
  if (settings.window.open) {
    return `On: sending now, until ${settings.window.closesAt ?? "18:00"} (${settings.timezone}).`;
  }
  const next = formatDateTime(settings.window.nextOpensAt, { timeZone: settings.timezone, locale });
  return `On: the next reminders go out ${next} (${settings.timezone}).`;
}

/**
 * What turning reminders on would send: "65 reminders to 19 recipients will go out now (within 5
 * minutes)." or "... at Nov 24, 2026, 9:00 AM (Europe/Paris)."
 */
export function enableSummary(preview: EnablePreview, locale?: string): string {
  const when = preview.now
    ? "now (within 5 minutes)"
    : `at ${formatDateTime(preview.at, { timeZone: preview.timezone, locale })} (${preview.timezone})`;
  if (preview.count === 0) {
    return `No reminder is due at the next send time, ${when}. Reminders start as invoices reach their stages.`;
  }
  const reminders = formatCountOf(preview.count, ["reminder", "reminders"], locale);
  const recipients = formatCountOf(preview.recipients, ["recipient", "recipients"], locale);
  const emails =
    preview.emails < preview.count ? ` in ${formatCountOf(preview.emails, ["email", "emails"], locale)}` : "";
  return `${reminders}${emails} to ${recipients} will go out ${when}.`;
}
