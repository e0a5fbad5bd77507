import { describe, expect, it } from "vitest";

import { dueStatus, payHref } from "@/features/customer-page/utils/due-status";

describe("dueStatus", () => {
  const today = "2026-03-10";

  it.each([
    ["counts the API's days overdue", "2026-02-26", 12, "12 days overdue", "overdue"],
    ["says one day in the singular", "2026-03-09", 1, "1 day overdue", "overdue"],
    ["says 'Due today' on the due date", today, 0, "Due today", "today"],
    ["counts the days to a later due date", "2026-03-11", 0, "Due in 1 day", "upcoming"],
    ["counts whole days across a daylight-saving change", "2026-04-09", 0, "Due in 30 days", "upcoming"],
    ["says so when there is no due date", null, 0, "No due date", "none"],
  ])("%s", (_, dueDate, daysOverdue, text, tone) => {
    expect(dueStatus({ dueDate, daysOverdue }, today, "en-US")).toEqual({ text, tone });
  });
});

describe("payHref", () => {
  it("keeps web addresses only", () => {
    expect(payHref("https://qbo.example/pay?i=1")).toBe("https://qbo.example/pay?i=1");
    expect(payHref("javascript:alert(1)")).toBeNull();
    expect(payHref("data:text/html,hi")).toBeNull();
    expect(payHref("not a url")).toBeNull();
    expect(payHref(null)).toBeNull();
  });
});
