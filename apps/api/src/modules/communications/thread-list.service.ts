/** The Communications page's list: invoices with a thread, the latest activity first. */
import type { CommunicationInvoicesResponse, communicationInvoicesQuerySchema } from "@recoup/contracts";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import * as holds from "../holds/index.ts";
import * as pauseRepo from "../pauses/index.ts";
import { companyToday, searchTerm } from "../receivables/index.ts";
import { facts } from "./thread-facts.ts";
import { threadInvoices } from "./thread-list.repository.ts";
import * as threadsRepo from "./threads.repository.ts";

const snippet = (text: string) => text.replace(/\s+/g, " ").trim().slice(0, 160);

export async function communicationInvoices(
  ctx: AppContext,
  companyId: string,
  q: z.infer<typeof communicationInvoicesQuerySchema>,
): Promise<CommunicationInvoicesResponse["data"]> {
  const { today } = await companyToday(ctx, companyId);
  const { rows, total } = await threadInvoices(ctx.db, today, {
    companyId,
    search: searchTerm(q.searchQuery),
    waitingOnly: q.state === "reply_waiting",
    hold: q.hold,
    offset: (q.page - 1) * q.limit,
    limit: q.limit,
  });
  const ids = rows.map((r) => r.invoice.id);
  const [latest, threads, pauses, held] = await Promise.all([
    threadsRepo.latestMessages(ctx.db, companyId, ids),
    threadsRepo.threadStates(ctx.db, companyId, ids),
    pauseRepo.customerPauses(ctx.db, companyId, [...new Set(rows.map((r) => r.invoice.customerRef))]),
    holds.holdsOn(ctx.db, companyId, ids),
  ]);
  return {
    invoices: rows.map(({ invoice, messages }) => {
      const last = latest.find((m) => m.invoiceQbId === invoice.id)!;
      return {
        invoiceId: invoice.id,
        docNumber: invoice.docNumber,
        customerRef: invoice.customerRef,
        customerName: invoice.customerName,
        currency: invoice.currency,
        balanceCents: invoice.balanceCents,
        status: invoice.status,
        messageCount: messages,
        lastMessage: {
          id: last.id,
          direction: last.direction,
          kind: last.kind,
          status: last.status,
          subject: last.subject,
          sender: last.senderCheck?.state ?? "known",
          at: last.at.toISOString(),
          snippet: snippet(last.replyText || last.text),
        },
        ...facts(
          today,
          threads.find((t) => t.invoiceQbId === invoice.id),
          pauses.filter((p) => p.targetQbId === invoice.customerRef),
          last,
        ),
        ...holds.holdBadges(held, invoice, today),
      };
    }),
    total,
    page: q.page,
    limit: q.limit,
  };
}
