import { type CustomerSchedule, type StageTimingInput, scheduleMessages } from "@recoup/contracts";

const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

/** A stage's day in words: "3 days before the due date", "Every 7 days from 1 day after the due date". */
export function stageTimingText(timing: StageTimingInput): string {
  switch (timing.kind) {
    case "before":
      return `${days(timing.days)} before the due date`;
    case "on":
      return "On the due date";
    case "after":
      return `${days(timing.days)} after the due date`;
    case "repeat":
      return `Every ${days(timing.every)} from ${days(timing.days)} after the due date`;
    case "final":
      return `Last: ${days(timing.days)} after the due date, then 'Needs a call'`;
  }
}

/** Which schedule a customer follows now, and why, in a sentence. */
export function followedSentence({ followed, via, tag }: CustomerSchedule): string {
  if (!followed) return "Not chased: no automatic reminder goes to this customer.";
  const why =
    via === "own" ? "chosen for this customer" : via === "tag" ? `from tag "${tag}"` : "the company default";
  return `Follows ${followed.name}, ${why}.`;
}

/** The list's cell: the schedule's name, or 'Not chased'. */
export const followedName = (followed: CustomerSchedule["followed"]) =>
  followed ? followed.name : scheduleMessages.notChased;
