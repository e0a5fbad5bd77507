import { CalendarClockIcon, ChevronDownIcon, ChevronUpIcon } from "lucide-react";
import { useState } from "react";

import { QueryErrorState } from "@/components/data-states";
import { LoadingBlocks } from "@/components/loading-blocks";
import { ScrollRegion } from "@/components/scroll-region";
import { SectionCard } from "@/components/section-card";
import { Button } from "@/components/ui/button";
import { useUpcomingReminders } from "@/features/reminders/api/get-upcoming-reminders";
import { PlannedRemindersList } from "@/features/reminders/components/planned-reminders-list";
import { formatCount, formatCountOf, formatDate } from "@/lib/format";

/** How many the card shows before 'Show all'; the rest scroll inside the card. */
const FIRST = 8;
const LIMIT = 200;

/** 'Upcoming reminders': the planned sends of the next 14 days, by day. */
export function UpcomingRemindersCard({ companyId }: { companyId: string }) {
  const query = useUpcomingReminders(companyId, LIMIT);
  const [all, setAll] = useState(false);
  const data = query.data;
  const off =
    data && !data.enabled ? " Automatic reminders are off: these would go out once they are turned on." : "";
  return (
    <SectionCard
      id="upcoming-reminders-title"
      title="Upcoming reminders"
      description={
        data
          ? `${formatCountOf(data.total, ["reminder", "reminders"])} planned from ${formatDate(data.from)} to ${formatDate(data.to)}.${off}`
          : "The next 14 days."
      }
      contentClassName="grid gap-3"
    >
      {query.isPending ? (
        <LoadingBlocks
          label="Loading upcoming reminders…"
          blocks={["h-5 w-40", "h-10 w-full", "h-10 w-full"]}
        />
      ) : query.isError || !data ? (
        <QueryErrorState title="Failed to load upcoming reminders" query={query} />
      ) : data.reminders.length === 0 ? (
        <p className="text-muted-foreground flex items-center gap-2 text-sm">
          <CalendarClockIcon className="size-4" aria-hidden="true" />
          No reminders planned in the next 14 days.
        </p>
      ) : all ? (
        <ScrollRegion label="All upcoming reminders" className="max-h-[36rem] pr-2">
          <PlannedRemindersList rows={data.reminders} label="Upcoming reminders" groupByDate />
        </ScrollRegion>
      ) : (
        <PlannedRemindersList rows={data.reminders.slice(0, FIRST)} label="Upcoming reminders" groupByDate />
      )}
      {data && data.reminders.length > FIRST ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-muted-foreground text-xs">
            {all && data.total > data.reminders.length
              ? `Showing the first ${formatCount(data.reminders.length)} of ${formatCount(data.total)}.`
              : null}
          </p>
          <Button variant="outline" size="sm" aria-expanded={all} onClick={() => setAll(!all)}>
            {all ? <ChevronUpIcon aria-hidden="true" /> : <ChevronDownIcon aria-hidden="true" />}
            {all ? "Show fewer" : `Show all ${formatCount(data.total)}`}
          </Button>
        </div>
      ) : null}
    </SectionCard>
  );
}
