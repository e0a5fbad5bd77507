import type { InvoiceRow, ReminderPause } from "@recoup/contracts";
import { useReminderPauses } from "@/features/reminders/api/get-reminder-pauses";
import { useAuth } from "@/lib/auth/use-auth";

type Row = Pick<InvoiceRow, "id" | "customerRef" | "remindersPaused">;

/**
 * The whole pause record (why, and the address or return date) behind an invoice row's
 * `remindersPaused`, from the company's pauses in force: read once for the page, and only when
 * some row is paused. Undefined until it is known.
 */
export function usePauseInForce(row: Row): ReminderPause | undefined {
  const companyId = useAuth().user?.companyId;
  const paused = row.remindersPaused;
  const pauses = useReminderPauses({ companyId: companyId ?? "" }, Boolean(paused && companyId));
  if (!paused) return undefined;
  return pauses.data?.find((p) =>
    p.scope === "invoice"
      ? paused.scope === "invoice" && p.invoiceId === row.id
      : paused.scope === "customer" && p.customerRef === row.customerRef,
  );
}
