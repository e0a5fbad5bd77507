import { templateMessages } from "@recoup/contracts";
import type { ReactNode } from "react";

import { QueryErrorState } from "@/components/data-states";
import { LoadingRegion } from "@/components/loading-blocks";
import { PageHeader } from "@/components/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { useTemplates } from "@/features/email-templates/api/get-templates";
import { FollowUpIntervalCard } from "@/features/email-templates/components/follow-up-interval-card";
import { ReminderSchedulesSection } from "@/features/email-templates/components/reminder-schedules-section";
import { TemplatesWorkspace } from "@/features/email-templates/components/templates-workspace";
import { AutomaticRemindersCard, UpcomingRemindersCard } from "@/features/reminders";
import { MonthlyStatementsCard } from "@/features/statements";
import { useAuth } from "@/lib/auth/use-auth";

/**
 * /email-templates: the four reminder templates, the follow-up interval, monthly statements,
 * automatic reminders and the reminder schedules.
 */
export function EmailTemplatesPage() {
  const companyId = useAuth().user?.companyId;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title={templateMessages.title}
        description="Customize the automated emails that remind your customers about their invoices."
      />
      {companyId ? (
        <EmailTemplatesContent companyId={companyId} />
      ) : (
        <p className="text-muted-foreground text-sm">Your company is not set up yet.</p>
      )}
    </div>
  );
}

function EmailTemplatesContent({ companyId }: { companyId: string }) {
  const templates = useTemplates(companyId);
  let body: ReactNode;
  if (templates.isPending) body = <TemplatesSkeleton />;
  else if (templates.isError)
    body = <QueryErrorState title="Failed to load your templates" query={templates} />;
  else {
    body = (
      <>
        <TemplatesWorkspace companyId={companyId} data={templates.data} />
        <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          <div className="grid min-w-0 content-start gap-6">
            <FollowUpIntervalCard companyId={companyId} interval={templates.data.followUpInterval} />
            <MonthlyStatementsCard companyId={companyId} />
          </div>
          <AutomaticRemindersCard companyId={companyId} />
        </div>
        <ReminderSchedulesSection companyId={companyId} templates={templates.data} />
      </>
    );
  }
  return (
    <>
      {body}
      <UpcomingRemindersCard companyId={companyId} />
    </>
  );
}

function TemplatesSkeleton() {
  return (
    <LoadingRegion label="Loading your templates…" className="grid gap-6">
      <Skeleton className="h-36 w-full rounded-xl" />
      <div className="grid gap-6 xl:grid-cols-2">
        <Skeleton className="h-[32rem] w-full rounded-xl" />
        <Skeleton className="h-[32rem] w-full rounded-xl" />
      </div>
    </LoadingRegion>
  );
}
