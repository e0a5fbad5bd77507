import { type CustomerSchedule, type CustomerScheduleChoice, scheduleMessages } from "@recoup/contracts";
import { toast } from "sonner";

import { FormField } from "@/components/form-field";
import { SectionCard } from "@/components/section-card";
import { NativeSelect } from "@/components/ui/native-select";
import { useAssignCustomerSchedule } from "@/features/reminders/api/assign-customer-schedule";
import { useReminderSchedules } from "@/features/reminders/api/get-reminder-schedules";
import { followedSentence } from "@/features/reminders/utils/schedule-texts";

/** The select's value for "no choice of their own" (a select's value cannot be null). */
const BY_TAG = "";

/**
 * Customer Details' 'Reminder schedule': the customer's own choice (by tag / company default, the
 * standard schedule, one of the company's, or 'Don't chase this customer'), saved as soon as it is
 * chosen, and which schedule they follow now and why.
 */
export function CustomerScheduleCard({
  companyId,
  customerRef,
  schedule,
}: {
  companyId: string;
  customerRef: string;
  schedule: CustomerSchedule;
}) {
  const schedules = useReminderSchedules(companyId);
  const assign = useAssignCustomerSchedule();
  const choice = assign.isPending && assign.variables ? assign.variables.schedule : schedule.choice;
  // Until the list is read, the customer's own schedule is named from what they follow.
  const own =
    schedules.data?.schedules ??
    (schedule.followed?.id && schedule.choice === schedule.followed.id
      ? [{ id: schedule.followed.id, name: schedule.followed.name }]
      : []);

  function choose(value: string) {
    const next = value === BY_TAG ? null : (value as CustomerScheduleChoice);
    assign.mutate(
      { companyId, customerRef, schedule: next },
      {
        onSuccess: () => toast.success("Reminder schedule saved."),
        onError: () => toast.error("Failed to save the reminder schedule. Please try again."),
      },
    );
  }

  return (
    <SectionCard id="customer-schedule-title" title="Reminder schedule" contentClassName="grid gap-3 text-sm">
      <FormField id="customer-schedule" label="Schedule" hint="A choice here wins over the customer's tags.">
        <NativeSelect
          id="customer-schedule"
          aria-describedby="customer-schedule-hint"
          value={choice ?? BY_TAG}
          disabled={assign.isPending}
          onChange={(event) => choose(event.target.value)}
        >
          <option value={BY_TAG}>{scheduleMessages.byTagOrDefault}</option>
          <option value="standard">{scheduleMessages.standard}</option>
          {own.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
          <option value="none">{scheduleMessages.dontChase}</option>
        </NativeSelect>
      </FormField>
      <p data-testid="customer-schedule-now" className="break-words">
        {followedSentence(schedule)}
      </p>
    </SectionCard>
  );
}
