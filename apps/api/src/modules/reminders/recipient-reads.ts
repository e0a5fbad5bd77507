/** Reads what a reminder's recipients are chosen from (decision 0018), once for a batch of invoices. */
import type { AppContext } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { dateIn } from "../../lib/dates.ts";
import { bouncedAddresses, recipientContacts } from "../contacts/index.ts";
import { reminderHistory } from "./history.repository.ts";
import { candidateAddresses, chooseRecipients, escalates, type Recipients } from "./recipients.ts";
import type * as remindableRepo from "./remindable.repository.ts";
import * as settingsRepo from "./reminder-settings.repository.ts";

export interface RecipientRequest {
  invoice: Pick<
    remindableRepo.InvoiceForReminder,
    "id" | "customerRef" | "dueDate" | "billEmail" | "billEmailCc" | "billEmailBcc"
  >;
  chosen?: { to: readonly string[]; cc: readonly string[] } | undefined;
}

/** Each request's recipients now, in order: the contacts, the bounces and the escalation setting read once. */
export async function recipientsNow(
  ctx: AppContext,
  db: DbOrTx,
  companyId: string,
  requests: readonly RecipientRequest[],
): Promise<Recipients[]> {
  if (requests.length === 0) return [];
  const invoiceIds = [...new Set(requests.map((q) => q.invoice.id))];
  const [settings, contacts, sent] = await Promise.all([
    settingsRepo.findSettings(db, companyId),
    recipientContacts(db, companyId, [...new Set(requests.map((q) => q.invoice.customerRef))]),
    reminderHistory(db, companyId, invoiceIds),
  ]);
  const timezone = settings?.timezone ?? "UTC";
  const today = dateIn(timezone, ctx.now());
  const sources = requests.map((q) => ({
    invoice: q.invoice,
    contacts: contacts.filter((c) => c.customerRef === q.invoice.customerRef),
    chosen: q.chosen,
  }));
  const bounced = await bouncedAddresses(db, companyId, sources.flatMap(candidateAddresses));
  return sources.map((s, i) =>
    chooseRecipients({
      ...s,
      bounced,
      escalate: escalates({
        escalateFrom: settings?.escalateFrom ?? null,
        dueDate: requests[i]!.invoice.dueDate,
        today,
        sentOn: sent
          .filter((r) => r.invoiceId === s.invoice.id && r.status === "sent" && r.sentAt)
          .map((r) => dateIn(timezone, r.sentAt!)),
      }),
    }),
  );
}
