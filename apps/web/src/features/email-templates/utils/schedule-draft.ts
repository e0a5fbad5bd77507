import {
  MAX_SCHEDULE_STAGES,
  type ReminderSchedule,
  type SaveScheduleRequest,
  type StageTemplate,
  type StageTimingInput,
  type TemplateType,
} from "@recoup/contracts";

/** A stage being edited: `uid` tells the rows apart (a new stage has no `key` yet). */
export interface StageDraft {
  uid: string;
  key?: string;
  timing: StageTimingInput;
  template: StageTemplate;
}

export interface ScheduleDraft {
  name: string;
  stages: StageDraft[];
  isDefault: boolean;
  tags: string[];
}

export type TimingKind = StageTimingInput["kind"];
export const timingKinds: { kind: TimingKind; label: string }[] = [
  { kind: "before", label: "Before the due date" },
  { kind: "on", label: "On the due date" },
  { kind: "after", label: "After the due date" },
  { kind: "repeat", label: "Repeating" },
  { kind: "final", label: "Final stage" },
];
/** The repeating stage's quick choices (any 1 to 90 days is allowed). */
export const repeatChoices = [7, 15, 30] as const;

let uids = 0;
const uid = () => `stage-${++uids}`;

/** The form's start: the stored schedule, or a new one with a single stage on the due date. */
export function draftOf(schedule: ReminderSchedule | null): ScheduleDraft {
  if (!schedule)
    return {
      name: "",
      stages: [{ uid: uid(), timing: { kind: "on" }, template: { type: "on_due_date" } }],
      isDefault: false,
      tags: [],
    };
  return {
    name: schedule.name,
    stages: schedule.stages.map((s) => ({ ...s, uid: uid() })),
    isDefault: schedule.isDefault,
    tags: [...schedule.tags],
  };
}

/** The day a timing falls on, relative to the due date (a repeating stage: its first day). */
export function dayOf(timing: StageTimingInput): number {
  switch (timing.kind) {
    case "before":
      return -timing.days;
    case "on":
      return 0;
    default:
      return timing.days;
  }
}

/** The standard template a stage at this timing would use, and whose invoice its preview shows. */
export const templateTypeFor = (timing: StageTimingInput): TemplateType =>
  timing.kind === "before" ? "before_due_date" : timing.kind === "on" ? "on_due_date" : "after_due_date";

/** A timing of another kind, keeping the days where the new kind has them. */
export function withKind(timing: StageTimingInput, kind: TimingKind): StageTimingInput {
  const days = "days" in timing ? timing.days : 1;
  switch (kind) {
    case "on":
      return { kind };
    case "repeat":
      return { kind, days, every: timing.kind === "repeat" ? timing.every : repeatChoices[0] };
    default:
      return { kind, days };
  }
}

/** The stage 'Add stage' appends: a week after the last one, with the after-due template. */
export function newStage(stages: readonly StageDraft[]): StageDraft {
  const last = stages.at(-1);
  const days = Math.min(365, Math.max(1, (last ? dayOf(last.timing) : 0) + 7));
  return { uid: uid(), timing: { kind: "after", days }, template: { type: "after_due_date" } };
}

export const canAddStage = (stages: readonly StageDraft[]) => stages.length < MAX_SCHEDULE_STAGES;

/** The stages with the one at `index` moved up (-1) or down (1); unchanged at either end. */
export function moveStage(stages: readonly StageDraft[], index: number, by: -1 | 1): StageDraft[] {
  const to = index + by;
  if (to < 0 || to >= stages.length) return [...stages];
  const next = [...stages];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** What the save call sends: the stages in order, each with its key when it has one. */
export function requestOf(
  companyId: string,
  id: string | undefined,
  draft: ScheduleDraft,
): SaveScheduleRequest {
  return {
    companyId,
    ...(id ? { id } : {}),
    name: draft.name.trim(),
    isDefault: draft.isDefault,
    stages: draft.stages.map(({ key, timing, template }) => ({ ...(key ? { key } : {}), timing, template })),
  };
}

/** The tags to give the schedule and those to take from it. */
export function tagChanges(before: readonly string[], after: readonly string[]) {
  return {
    add: after.filter((tag) => !before.includes(tag)),
    remove: before.filter((tag) => !after.includes(tag)),
  };
}
