import type { CustomerDetailResponse } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { customerContacts } from "../contacts/index.ts";
import { companyToday, customerInvoices } from "../receivables/index.ts";
import { withReminderColumns } from "../reminders/index.ts";
import { assertOwnRealm, type CustomerOf, existingCustomer } from "./customer-access.ts";
import { countPaidInvoices } from "./customer-detail.repository.ts";
import { companySchedules, customerSchedule } from "./customer-schedules.ts";

export async function customerDetail(
  ctx: AppContext,
  companyId: string,
  { realmId, customerRef }: CustomerOf,
): Promise<CustomerDetailResponse["data"]> {
  await assertOwnRealm(ctx, companyId, realmId);
  const { customer, note, tags } = await existingCustomer(ctx, companyId, customerRef);
  const { today } = await companyToday(ctx, companyId);
  const [invoices, paidInvoices, schedules, contacts] = await Promise.all([
    customerInvoices(ctx.db, companyId, customerRef, today),
    countPaidInvoices(ctx.db, companyId, customerRef),
    companySchedules(ctx, companyId),
    customerContacts(ctx.db, companyId, customerRef),
  ]);
  // QuickBooks fixes a customer's currency, so its open invoices share it; others are not summed in.
  const open = invoices.open.filter((inv) => inv.currency === customer.currency);
  const sum = (rows: typeof open) => rows.reduce((cents, inv) => cents + inv.balanceCents, 0);
  const dueDates = open.flatMap((inv) => (inv.dueDate ? [inv.dueDate] : [])).sort();
  return {
    customer: {
      customerRef: customer.qbId,
      name: customer.displayName,
      companyName: customer.companyName,
      email: customer.email,
      phone: customer.phone,
      currency: customer.currency,
      active: customer.active,
      note: note ?? "",
      tags: tags ?? [],
      openInvoices: open.length,
      outstandingCents: sum(open),
      overdueCents: sum(open.filter((inv) => inv.status === "Overdue")),
      oldestDueDate: dueDates[0] ?? null,
      paidInvoices,
      reminderSchedule: customerSchedule(schedules, customerRef),
    },
    contacts,
    openInvoices: await withReminderColumns(ctx, companyId, invoices.open),
    closedInvoices: await withReminderColumns(ctx, companyId, invoices.closed),
    asOf: today,
  };
}
