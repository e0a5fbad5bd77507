import type { EnablePreview, ReminderSettingsResponse } from "@recoup/contracts";
import { describe, expect, it } from "vitest";

import { enableSummary, reminderStatusLine } from "@/features/reminders/utils/reminder-texts";

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

const settings = (over: Partial<ReminderSettingsResponse["data"]>): ReminderSettingsResponse["data"] => ({
  enabled: true,
  sendTime: "09:00",
  weekdaysOnly: true,
  attachInvoicePdf: true,
  combineReminders: true,
  escalateFrom: null,
  timezone: "Europe/Paris",
  locale: "fr-FR",
  followUpInterval: "7",
  window: { open: false, today: "2026-11-23", closesAt: null, nextOpensAt: "2026-11-24T08:00:00.000Z" },
  blocked: null,
  lastPlannedAt: null,
  ...over,
});

const preview = (over: Partial<EnablePreview>): EnablePreview => ({
  now: false,
  at: "2026-11-24T08:00:00.000Z",
  date: "2026-11-24",
  timezone: "Europe/Paris",
  count: 5,
  emails: 5,
  recipients: 4,
  byStage: { before_due_date: 1, on_due_date: 1, after_due_date: 3, missed_promise: 0, custom: 0 },
  reminders: [],
  ...over,
});

describe("the Automatic Reminders status line", () => {
  it("says off, sending now, or when the next window opens in the company's zone", () => {
    expect(reminderStatusLine(settings({ enabled: false }))).toMatch(/^Off: /);
    expect(
      reminderStatusLine(
        settings({ window: { open: true, today: "2026-11-23", closesAt: "18:00", nextOpensAt: "" } }),
      ),
    ).toBe("On: sending now, until 18:00 (Europe/Paris).");
    // 08:00 UTC is 09:00 in Paris (winter).
    expect(plain(reminderStatusLine(settings({}), "en-US"))).toBe(
      "On: the next reminders go out Nov 24, 2026, 9:00 AM (Europe/Paris).",
    );
  });
});

describe("the confirmation's summary", () => {
  it("says how many, to how many recipients, and now or when", () => {
    expect(enableSummary(preview({ now: true }), "en-US")).toBe(
      "5 reminders to 4 recipients will go out now (within 5 minutes).",
    );
    expect(plain(enableSummary(preview({ count: 1, recipients: 1 }), "en-US"))).toBe(
      "1 reminder to 1 recipient will go out at Nov 24, 2026, 9:00 AM (Europe/Paris).",
    );
  });

  it("says how many emails the reminders make when a customer's are combined", () => {
    expect(enableSummary(preview({ now: true, emails: 3 }), "en-US")).toBe(
      "5 reminders in 3 emails to 4 recipients will go out now (within 5 minutes).",
    );
  });

  it("says when nothing is due at the next send time", () => {
    expect(enableSummary(preview({ now: true, count: 0, recipients: 0 }), "en-US")).toBe(
      "No reminder is due at the next send time, now (within 5 minutes). Reminders start as invoices reach their stages.",
    );
  });
});
