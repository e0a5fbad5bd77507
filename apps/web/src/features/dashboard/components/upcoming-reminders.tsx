import { ArrowRightIcon } from "lucide-react";
import { Link } from "react-router";

import { QueryErrorState } from "@/components/data-states";
import { SectionCard } from "@/components/section-card";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { PlannedRemindersList, useUpcomingReminders } from "@/features/reminders";
import { formatCount } from "@/lib/format";

/** The dashboard's short list of what goes out next. */
const DASHBOARD_LIMIT = 8;

/** The next reminders the schedule plans (14 days), and a way to the settings. */
export function UpcomingReminders({ companyId }: { companyId: string }) {
  const query = useUpcomingReminders(companyId, DASHBOARD_LIMIT);
  const data = query.data;
  return (
    <SectionCard
      id="dashboard-upcoming-title"
      title="Upcoming reminders"
      description={
        data && !data.enabled
          ? "Automatic reminders are off: these would go out in the next 14 days once they are on."
          : "Planned for the next 14 days."
      }
      contentClassName="grid gap-4"
    >
      {query.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : query.isError || !data ? (
        <QueryErrorState title="Failed to load upcoming reminders" query={query} />
      ) : data.reminders.length === 0 ? (
        <p className="text-muted-foreground text-sm">No reminders planned in the next 14 days.</p>
      ) : (
        <PlannedRemindersList rows={data.reminders} label="Upcoming reminders" showDate />
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted-foreground text-xs">
          {data && data.total > data.reminders.length
            ? `${formatCount(data.total - data.reminders.length)} more planned.`
            : null}
        </p>
        <Button asChild variant="outline" size="sm">
          <Link to="/email-templates">
            Reminder settings
            <ArrowRightIcon aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </SectionCard>
  );
}
