import { InfoIcon } from "lucide-react";

import { QueryErrorState } from "@/components/data-states";
import { LoadingRegion } from "@/components/loading-blocks";
import { Skeleton } from "@/components/ui/skeleton";
import { useDashboardSummary } from "@/features/dashboard/api/get-dashboard-summary";
import { AgingChart } from "@/features/dashboard/components/aging-chart";
import { FigureCard, FigureCardSkeleton } from "@/features/dashboard/components/figure-card";
import { MostOverdue } from "@/features/dashboard/components/most-overdue";
import { NoEmailCustomers } from "@/features/dashboard/components/no-email-customers";
import { RecentActivity } from "@/features/dashboard/components/recent-activity";
import { UpcomingReminders } from "@/features/dashboard/components/upcoming-reminders";
import { currencyNote, dashboardFigures } from "@/features/dashboard/utils/figures";
import { RemindersOnHoldAlert } from "@/features/reminders";
import { formatDate } from "@/lib/format";

/** The dashboard once data has been synced: figures, aging, most overdue customers, those without an email address, recent activity, upcoming reminders. */
export function DashboardContent({ companyId }: { companyId: string }) {
  const query = useDashboardSummary(companyId);
  if (query.isPending) return <DashboardSkeleton />;
  if (query.isError) {
    return <QueryErrorState title="Failed to load the dashboard" query={query} />;
  }
  const summary = query.data;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      {summary.reminders.enabled && summary.reminders.blocked ? (
        <RemindersOnHoldAlert blocked={summary.reminders.blocked} timezone={summary.timezone} />
      ) : null}
      <p className="text-muted-foreground flex items-start gap-2 text-sm" data-testid="currency-note">
        <InfoIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          {currencyNote(summary)} As of {formatDate(summary.asOf)} ({summary.timezone}).
        </span>
      </p>
      <section aria-label="Figures" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {dashboardFigures(summary).map((figure) => (
          <FigureCard key={figure.key} figure={figure} />
        ))}
      </section>
      <AgingChart aging={summary.aging} currency={summary.homeCurrency} />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <div className="grid min-w-0 gap-6">
          <MostOverdue customers={summary.mostOverdue} homeCurrency={summary.homeCurrency} />
          <NoEmailCustomers noEmail={summary.noEmail} />
          <UpcomingReminders companyId={companyId} />
        </div>
        <RecentActivity items={summary.recentActivity} />
      </div>
    </div>
  );
}

export function DashboardSkeleton() {
  return (
    <LoadingRegion label="Loading the dashboard…" className="grid gap-6">
      <Skeleton className="h-4 w-72" />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {["a", "b", "c", "d", "e", "f", "g", "h"].map((k) => (
          <FigureCardSkeleton key={k} />
        ))}
      </div>
      <Skeleton className="h-80 w-full rounded-xl" />
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-64 w-full rounded-xl" />
        <Skeleton className="h-64 w-full rounded-xl" />
      </div>
    </LoadingRegion>
  );
}
