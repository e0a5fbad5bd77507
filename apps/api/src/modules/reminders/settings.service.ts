import {
  errorCodes,
  onboardingMessages,
  type ReminderSettingsResponse,
  type SaveReminderSettingsRequest,
} from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { isTimeZone } from "../../lib/dates.ts";
import { AppError } from "../../lib/errors.ts";
import { loadSettings } from "./load-settings.ts";
import { scheduleSettings } from "./planning.ts";
import * as settingsRepo from "./reminder-settings.repository.ts";
import { windowState } from "./send-window.ts";
import { enablePreview } from "./upcoming.service.ts";

const blockOf = (s: settingsRepo.SettingsRow) =>
  s.enabled && s.blockedReason && s.blockedAt
    ? { reason: s.blockedReason, at: s.blockedAt.toISOString() }
    : null;
/** For the dashboard: whether reminders are on, and why they are on hold if they are. */
export async function reminderStatus(ctx: AppContext, companyId: string) {
  const s = await loadSettings(ctx, companyId);
  return { enabled: s.enabled, blocked: blockOf(s) };
}
export async function getReminderSettings(
  ctx: AppContext,
  companyId: string,
): Promise<ReminderSettingsResponse["data"]> {
  const s = await loadSettings(ctx, companyId);
  const window = windowState(scheduleSettings(s), ctx.now());
  return {
    enabled: s.enabled,
    sendTime: s.sendTime,
    weekdaysOnly: s.weekdaysOnly,
    attachInvoicePdf: s.attachInvoicePdf,
    escalateFrom: s.escalateFrom,
    combineReminders: s.combineReminders,
    timezone: s.timezone,
    locale: s.locale,
    followUpInterval: s.followUpInterval,
    window: {
      open: window.open,
      today: window.today,
      closesAt: window.closesAt?.toISOString() ?? null,
      nextOpensAt: window.nextOpensAt.toISOString(),
    },
    blocked:
      s.enabled && s.blockedReason ? { reason: s.blockedReason, at: s.blockedAt!.toISOString() } : null,
    lastPlannedAt: s.lastPlannedAt?.toISOString() ?? null,
  };
}
/**
 * Saves the settings. Turning reminders on needs `confirm: true`: without it nothing changes and
 * the answer (409) carries what would go out, so the user confirms knowing it.
 */
export async function saveReminderSettings(
  ctx: AppContext,
  companyId: string,
  input: SaveReminderSettingsRequest,
) {
  if (input.timezone !== undefined && !isTimeZone(input.timezone)) {
    throw new AppError(400, errorCodes.validation, onboardingMessages.timezoneInvalid);
  }
  const current = await loadSettings(ctx, companyId);
  const turningOn = input.enabled && !current.enabled;
  if (turningOn && input.confirm !== true) {
    const preview = await enablePreview(ctx, companyId, input);
    throw new AppError(
      409,
      errorCodes.confirmationRequired,
      "Confirm to turn on automatic reminders: see what would go out first.",
      preview,
    );
  }
  // A new time zone moves "today" and the send time with it; the schedule is read again from it.
  await settingsRepo.saveCompanyClock(ctx.db, companyId, { timezone: input.timezone, locale: input.locale });
  await settingsRepo.saveSettings(ctx.db, companyId, {
    enabled: input.enabled,
    sendTime: input.sendTime,
    weekdaysOnly: input.weekdaysOnly,
    ...(input.attachInvoicePdf !== undefined ? { attachInvoicePdf: input.attachInvoicePdf } : {}),
    ...(input.escalateFrom !== undefined ? { escalateFrom: input.escalateFrom } : {}),
    ...(input.combineReminders !== undefined ? { combineReminders: input.combineReminders } : {}),
    ...(turningOn ? { enabledAt: ctx.now() } : {}),
    ...(!input.enabled ? { enabledAt: null } : {}),
  });
  return getReminderSettings(ctx, companyId);
}
