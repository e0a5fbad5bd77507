/**
 * Which reminder schedule the Customers pages show for a customer, and the list's filter by it.
 * The reminders feature decides who follows what (`followedSchedules`); this only reads it out.
 */
import type { CustomerSchedule, CustomerScheduleChoice, FollowedSchedule } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { type FollowedBy, findSettings, followedSchedules } from "../reminders/index.ts";

export type CompanySchedules = Awaited<ReturnType<typeof followedSchedules>>;

/** The company's schedules and assignments, read once for a page. */
export async function companySchedules(ctx: AppContext, companyId: string): Promise<CompanySchedules> {
  const settings = await findSettings(ctx.db, companyId);
  return followedSchedules(ctx.db, companyId, Number(settings?.followUpInterval ?? "7"));
}

const followed = ({ schedule }: FollowedBy): FollowedSchedule | null =>
  schedule && { id: schedule.id, name: schedule.name };

/** The list's column: the schedule the customer follows; null when not chased. */
export const scheduleCell = (s: CompanySchedules, customerRef: string) => followed(s.reasons(customerRef));

/** Customer Details: the customer's own choice, the schedule followed now and why. */
export function customerSchedule(s: CompanySchedules, customerRef: string): CustomerSchedule {
  const reason = s.reasons(customerRef);
  const own = s.assignments.customers.find((c) => c.customerRef === customerRef);
  return {
    choice: own ? (own.choice === "schedule" ? own.scheduleId : own.choice) : null,
    followed: followed(reason),
    via: reason.via,
    tag: reason.tag,
  };
}

/** A customer's schedule as the filter names it: an id, 'standard' or 'none'. */
const filterValue = ({ schedule }: FollowedBy): CustomerScheduleChoice =>
  schedule ? (schedule.id ?? "standard") : "none";

/**
 * The customers the filter keeps, for the list's query to apply before its page and count.
 * Customers with no choice of their own and no scheduled tag follow the company's default, so
 * when the filter names the default it lists those it leaves out (`except`), else those it keeps.
 */
export function scheduleFilter(
  s: CompanySchedules,
  value: CustomerScheduleChoice,
): { only: string[] } | { except: string[] } {
  const known = new Set([
    ...s.assignments.customers.map((c) => c.customerRef),
    ...s.assignments.profiles.map((p) => p.customerRef),
  ]);
  const defaultValue = s.schedules.find((x) => x.isDefault)?.id ?? "standard";
  const matches = (ref: string) => filterValue(s.reasons(ref)) === value;
  const refs = [...known];
  return value === defaultValue
    ? { except: refs.filter((ref) => !matches(ref)) }
    : { only: refs.filter(matches) };
}
