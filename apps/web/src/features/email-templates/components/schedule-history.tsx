import { ChevronDownIcon, HistoryIcon } from "lucide-react";
import { useState } from "react";

import { QueryErrorState } from "@/components/data-states";
import { LoadingBlocks } from "@/components/loading-blocks";
import { Button } from "@/components/ui/button";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible";
import { useScheduleChanges } from "@/features/email-templates/api/get-schedule-changes";
import { changeDetails } from "@/features/email-templates/utils/schedule-messages";
import { formatDateTime } from "@/lib/format";
import { cn } from "@/lib/utils";

const actions = { created: "Created", updated: "Changed", deleted: "Deleted" } as const;

/** 'History': each change of the schedule, newest first: what, who and when. Read when opened. */
export function ScheduleHistory({
  companyId,
  schedule,
}: {
  companyId: string;
  schedule: { id: string; name: string; updatedAt: string };
}) {
  const [open, setOpen] = useState(false);
  const changes = useScheduleChanges({ companyId, id: schedule.id, updatedAt: schedule.updatedAt }, open);
  return (
    <Collapsible open={open} onOpenChange={setOpen}>
      <CollapsibleTrigger asChild>
        <Button variant="ghost" size="sm" className="-ml-2 w-fit" aria-label={`History of ${schedule.name}`}>
          <HistoryIcon aria-hidden="true" />
          History
          <ChevronDownIcon aria-hidden="true" className={cn("transition-transform", open && "rotate-180")} />
        </Button>
      </CollapsibleTrigger>
      <CollapsibleContent className="pt-2">
        {changes.isPending ? (
          <LoadingBlocks label="Loading the history…" blocks={["h-4 w-2/3", "h-4 w-1/2"]} />
        ) : changes.isError ? (
          <QueryErrorState title="Failed to load the history" query={changes} />
        ) : (
          <ol aria-label={`Changes to ${schedule.name}`} className="grid gap-2 border-l pl-4 text-sm">
            {changes.data.map((change) => {
              const details = changeDetails(change);
              return (
                <li key={`${change.at}-${change.action}`} className="grid gap-0.5">
                  <span>
                    <span className="font-medium">{actions[change.action]}</span>
                    {details ? `: ${details}` : ""}
                  </span>
                  <span className="text-muted-foreground text-xs">
                    {change.user ?? "A former user"}, {formatDateTime(change.at)}
                  </span>
                </li>
              );
            })}
          </ol>
        )}
      </CollapsibleContent>
    </Collapsible>
  );
}
