import {
  type ReminderSchedule,
  type StageTemplate,
  type TemplatesResponse,
  type TemplateType,
  templateTileLabels,
} from "@recoup/contracts";
import { PlusIcon } from "lucide-react";
import { type ReactNode, useState } from "react";

import { QueryErrorState } from "@/components/data-states";
import { LoadingBlocks } from "@/components/loading-blocks";
import { SectionCard } from "@/components/section-card";
import { Button } from "@/components/ui/button";
import { ScheduleEditor } from "@/features/email-templates/components/schedule-editor";
import { ScheduleItem } from "@/features/email-templates/components/schedule-item";
import { StandardScheduleSummary } from "@/features/email-templates/components/standard-schedule-summary";
import { useReminderSchedules } from "@/features/reminders";

/**
 * 'Reminder schedules': the standard schedule, the company's own (each with its stages, tags,
 * customers and history), and 'New schedule'; the editor takes the section's place while open.
 */
export function ReminderSchedulesSection({
  companyId,
  templates,
}: {
  companyId: string;
  templates: TemplatesResponse["data"];
}) {
  const query = useReminderSchedules(companyId);
  const [editing, setEditing] = useState<ReminderSchedule | "new" | null>(null);
  const templateName = (type: TemplateType) =>
    templates.templates.find((t) => t.type === type)?.name ?? templateTileLabels[type];
  const emailOf = (template: StageTemplate) =>
    "type" in template ? templateName(template.type) : `Own email: "${template.subject}"`;

  let body: ReactNode;
  if (editing) {
    body = (
      <>
        <h3 className="font-medium">{editing === "new" ? "New schedule" : `Edit ${editing.name}`}</h3>
        <ScheduleEditor
          companyId={companyId}
          schedule={editing === "new" ? null : editing}
          templates={templates.templates}
          onDone={() => setEditing(null)}
        />
      </>
    );
  } else if (query.isPending) {
    body = <LoadingBlocks label="Loading your schedules…" blocks={["h-40 w-full", "h-24 w-full"]} />;
  } else if (query.isError) {
    body = <QueryErrorState title="Failed to load your schedules" query={query} />;
  } else {
    const { schedules, standardCustomers, unchasedCustomers } = query.data;
    body = (
      <>
        <StandardScheduleSummary
          interval={templates.followUpInterval}
          defaultName={schedules.find((s) => s.isDefault)?.name ?? null}
          templateName={templateName}
          customers={standardCustomers}
          unchased={unchasedCustomers}
        />
        {schedules.length ? (
          <ul aria-label="Your schedules" className="grid gap-3">
            {schedules.map((schedule) => (
              <ScheduleItem
                key={schedule.id}
                companyId={companyId}
                schedule={schedule}
                emailOf={emailOf}
                onEdit={() => setEditing(schedule)}
              />
            ))}
          </ul>
        ) : null}
        <Button variant="outline" className="w-fit" onClick={() => setEditing("new")}>
          <PlusIcon aria-hidden="true" />
          New schedule
        </Button>
      </>
    );
  }

  return (
    <SectionCard
      id="reminder-schedules-title"
      title="Reminder schedules"
      description="Chase each kind of customer at its own pace. Give a schedule to a customer on their page, or to everyone with a tag."
      contentClassName="grid gap-4"
    >
      {body}
    </SectionCard>
  );
}
