import type { ReminderSchedule } from "@recoup/contracts";
import { describe, expect, it } from "vitest";

import {
  canAddStage,
  draftOf,
  moveStage,
  newStage,
  requestOf,
  tagChanges,
  withKind,
} from "@/features/email-templates/utils/schedule-draft";

const stored: ReminderSchedule = {
  id: "3f0c1c3e-8a44-4d4c-9a56-5d1b2b6a0a01",
  name: "Firm",
  stages: [
    { key: "stage:a", timing: { kind: "on" }, template: { type: "on_due_date" } },
    {
      key: "stage:b",
      timing: { kind: "repeat", days: 3, every: 7 },
      template: { subject: "s", content: "c" },
    },
  ],
  isDefault: true,
  tags: ["slow payer"],
  customers: 4,
  updatedAt: "2026-03-16T00:00:00.000Z",
};

describe("a schedule being edited", () => {
  it("starts from the stored schedule, or a new one with a stage on the due date", () => {
    const draft = draftOf(stored);
    expect(draft.stages.map((s) => s.key)).toEqual(["stage:a", "stage:b"]);
    expect(new Set(draft.stages.map((s) => s.uid)).size).toBe(2);
    expect(draftOf(null).stages.map((s) => s.timing)).toEqual([{ kind: "on" }]);
  });

  it("sends the stages in order with their keys, a new stage without one, the name trimmed", () => {
    const draft = draftOf(stored);
    const added = newStage(draft.stages);
    expect(added.timing).toEqual({ kind: "after", days: 10 });
    const request = requestOf("c1", stored.id, {
      ...draft,
      name: " Firmer ",
      stages: [...draft.stages, added],
    });
    expect(request).toEqual({
      companyId: "c1",
      id: stored.id,
      name: "Firmer",
      isDefault: true,
      stages: [
        { key: "stage:a", timing: { kind: "on" }, template: { type: "on_due_date" } },
        {
          key: "stage:b",
          timing: { kind: "repeat", days: 3, every: 7 },
          template: { subject: "s", content: "c" },
        },
        { timing: { kind: "after", days: 10 }, template: { type: "after_due_date" } },
      ],
    });
    expect("id" in requestOf("c1", undefined, draft)).toBe(false);
  });

  it("moves a stage up or down, not past either end", () => {
    const stages = draftOf(stored).stages;
    expect(moveStage(stages, 1, -1).map((s) => s.key)).toEqual(["stage:b", "stage:a"]);
    expect(moveStage(stages, 1, 1).map((s) => s.key)).toEqual(["stage:a", "stage:b"]);
  });

  it("keeps the days when the kind changes, and at most 10 stages", () => {
    expect(withKind({ kind: "after", days: 5 }, "repeat")).toEqual({ kind: "repeat", days: 5, every: 7 });
    expect(withKind({ kind: "repeat", days: 5, every: 30 }, "final")).toEqual({ kind: "final", days: 5 });
    expect(withKind({ kind: "on" }, "before")).toEqual({ kind: "before", days: 1 });
    const ten = Array.from({ length: 10 }, () => newStage([]));
    expect(canAddStage(ten)).toBe(false);
    expect(canAddStage(ten.slice(1))).toBe(true);
  });

  it("gives the schedule the tags added and takes those removed", () => {
    expect(tagChanges(["a", "b"], ["b", "c"])).toEqual({ add: ["c"], remove: ["a"] });
  });
});
