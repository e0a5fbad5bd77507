import { CalendarClockIcon } from "lucide-react";

import { QueryErrorState } from "@/components/data-states";
import { PlannedRemindersList } from "@/components/reminders/planned-reminders-list";
import { SectionCard } from "@/components/section-card";
import { Skeleton } from "@/components/ui/skeleton";
import { useUpcomingReminders } from "@/features/email-templates/api/get-upcoming-reminders";
import { formatCount, formatDate } from "@/lib/format";

/** 'Upcoming reminders': the planned sends of the next 14 days, by day. */
export function UpcomingRemindersCard({ companyId }: { companyId: string }) {
  const query = useUpcomingReminders(companyId, 100);
  const data = query.data;
  return (
    <SectionCard
      id="upcoming-reminders-title"
      title="Upcoming reminders"
      description={
        data
          ? `${formatDate(data.from)} to ${formatDate(data.to)}${data.enabled ? "" : ". Automatic reminders are off: these would go out once they are turned on."}`
          : "The next 14 days."
      }
    >
      {query.isPending ? (
        <div className="grid gap-3" aria-busy="true">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : query.isError || !data ? (
        <QueryErrorState title="Failed to load upcoming reminders" query={query} />
      ) : data.reminders.length === 0 ? (
        <p className="text-muted-foreground flex items-center gap-2 text-sm">
          <CalendarClockIcon className="size-4" aria-hidden="true" />
          No reminders planned in the next 14 days.
        </p>
      ) : (
        <div className="grid gap-3">
          <PlannedRemindersList rows={data.reminders} label="Upcoming reminders" groupByDate />
          {data.total > data.reminders.length ? (
            <p className="text-muted-foreground text-xs">
              Showing the first {formatCount(data.reminders.length)} of {formatCount(data.total)}.
            </p>
          ) : null}
        </div>
      )}
    </SectionCard>
  );
}
