import {
  type CustomerScheduleChoice,
  customerScheduleChoiceSchema,
  scheduleMessages,
} from "@recoup/contracts";

import { NativeSelect } from "@/components/ui/native-select";
import { useReminderSchedules } from "@/features/reminders";
import { useUrlFilter } from "@/hooks/use-url-filter";

/** The search param of the customer list's schedule filter: `/customers?schedule=none`. */
const SCHEDULE_PARAM = "schedule";
const ALL = "";

const parseSchedule = (raw: string | null) => {
  const parsed = customerScheduleChoiceSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
};

/** The customer list's filter by reminder schedule, in the URL. */
export const useScheduleFilter = () => useUrlFilter<CustomerScheduleChoice>(SCHEDULE_PARAM, parseSchedule);

/** 'All schedules', the standard one, each of the company's, and 'Not chased'. */
export function ScheduleFilter({
  companyId,
  value,
  onChange,
}: {
  companyId: string;
  value: CustomerScheduleChoice | null;
  onChange: (value: CustomerScheduleChoice | null) => void;
}) {
  const query = useReminderSchedules(companyId);
  const schedules = query.data?.schedules ?? [];
  // A schedule named in the URL stays chosen while the schedules load (or after it was deleted).
  const unknown = value && value !== "standard" && value !== "none" && !schedules.some((s) => s.id === value);
  return (
    <div className="sm:w-56">
      <NativeSelect
        aria-label="Reminder schedule"
        value={value ?? ALL}
        onChange={(event) => onChange(parseSchedule(event.target.value))}
      >
        <option value={ALL}>All schedules</option>
        <option value="standard">{scheduleMessages.standard}</option>
        {schedules.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
        {unknown ? (
          <option value={value}>{query.isPending ? "Loading…" : "A deleted schedule"}</option>
        ) : null}
        <option value="none">{scheduleMessages.notChased}</option>
      </NativeSelect>
    </div>
  );
}
