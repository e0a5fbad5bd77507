import { describe, expect, it } from "vitest";

import { followedSentence, stageTimingText } from "@/features/reminders/utils/schedule-texts";

describe("schedule texts", () => {
  it("says each kind of stage's day, one day singular", () => {
    expect(stageTimingText({ kind: "before", days: 3 })).toBe("3 days before the due date");
    expect(stageTimingText({ kind: "on" })).toBe("On the due date");
    expect(stageTimingText({ kind: "after", days: 1 })).toBe("1 day after the due date");
    expect(stageTimingText({ kind: "repeat", days: 1, every: 7 })).toBe(
      "Every 7 days from 1 day after the due date",
    );
    expect(stageTimingText({ kind: "final", days: 60 })).toBe(
      "Last: 60 days after the due date, then 'Needs a call'",
    );
  });

  it("says which schedule a customer follows and why", () => {
    const firm = { id: "f", name: "Firm" };
    expect(followedSentence({ choice: null, followed: firm, via: "tag", tag: "slow payer" })).toBe(
      'Follows Firm, from tag "slow payer".',
    );
    expect(followedSentence({ choice: firm.id, followed: firm, via: "own", tag: null })).toBe(
      "Follows Firm, chosen for this customer.",
    );
    expect(
      followedSentence({
        choice: null,
        followed: { id: null, name: "Standard schedule" },
        via: "default",
        tag: null,
      }),
    ).toBe("Follows Standard schedule, the company default.");
    expect(followedSentence({ choice: "none", followed: null, via: "own", tag: null })).toMatch(
      /^Not chased/,
    );
  });
});
