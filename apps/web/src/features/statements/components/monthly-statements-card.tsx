import { statementMessages } from "@recoup/contracts";
import { toast } from "sonner";

import { QueryErrorState } from "@/components/data-states";
import { SectionCard } from "@/components/section-card";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { useSaveStatementSettings, useStatementSettings } from "@/features/statements/api/statement-settings";
import { formatDate } from "@/lib/format";

/** 'Monthly Statements': each customer with a balance emailed a statement on the first weekday of each month. */
export function MonthlyStatementsCard({ companyId }: { companyId: string }) {
  const settings = useStatementSettings(companyId);
  const save = useSaveStatementSettings();
  if (settings.isPending) return <Skeleton className="h-36 w-full rounded-xl" aria-hidden="true" />;
  if (settings.isError) return <QueryErrorState title="Failed to load statement settings" query={settings} />;
  const { monthly, remindersOn, nextMonthlyOn } = settings.data;
  const status = !monthly
    ? "Off: statements go only when you send one from a customer's page."
    : remindersOn
      ? `On: the next ones go on ${formatDate(nextMonthlyOn, { fallback: nextMonthlyOn })}, at your send time.`
      : "On, but automatic reminders are off: no statements go until you turn them on.";
  return (
    <SectionCard
      id="monthly-statements-title"
      title="Monthly Statements"
      description="A statement of account lists a customer's open invoices and credits with a running balance and aging, as a PDF."
    >
      <div className="flex items-start gap-3">
        <Switch
          id="statements-monthly"
          checked={monthly}
          disabled={save.isPending}
          aria-describedby="statements-monthly-status"
          onCheckedChange={(on) =>
            save.mutate(
              { companyId, monthly: on },
              {
                onSuccess: () =>
                  toast.success(on ? "Monthly statements are on." : "Monthly statements are off."),
                onError: () => toast.error("Failed to save the statement setting. Please try again."),
              },
            )
          }
        />
        <div className="grid gap-1">
          <Label htmlFor="statements-monthly" className="leading-snug">
            {statementMessages.monthlyLabel}
          </Label>
          <p
            id="statements-monthly-status"
            className="text-muted-foreground text-sm"
            data-testid="statements-status"
          >
            {status} Customers who are paused or not chased get none, and each gets one a month at most.
          </p>
        </div>
      </div>
    </SectionCard>
  );
}
