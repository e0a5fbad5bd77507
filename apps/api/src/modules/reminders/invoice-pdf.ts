/** 'Attach the invoice PDF': each reminder carries its invoice's PDF, fetched from QuickBooks as it goes. */
import pLimit from "p-limit";
import type { AppContext } from "../../context.ts";
import { invoicePdfAttachment, invoicePdfFilename, PdfTooLarge } from "../quickbooks/index.ts";
import type * as remindableRepo from "./remindable.repository.ts";

/** How long a reminder waits for its PDF before it goes without. */
const PDF_WAIT_MS = 20_000;
/**
 * PDFs fetched at once for one company's batch: well inside the 10 requests Intuit lets a realm
 * have in flight, so the sync and the customer page keep room.
 */
const PDFS_AT_ONCE = 3;

export interface ReminderPdf {
  files: { filename: string; contentType: string; content: Buffer }[];
  /** Why the PDF is not attached; the thread shows it. */
  note: string | null;
}

const without = (why: string): ReminderPdf => ({ files: [], note: `Sent without the invoice PDF: ${why}` });

/** A batch's PDF reader for one company: a few at a time, each one's failure its own. */
export function reminderPdfs(ctx: AppContext, companyId: string) {
  const limit = pLimit(PDFS_AT_ONCE);
  return (invoice: remindableRepo.InvoiceForReminder) =>
    limit(async (): Promise<ReminderPdf> => {
      try {
        const content = await invoicePdfAttachment(ctx, companyId, invoice.id, PDF_WAIT_MS);
        const filename = invoicePdfFilename(invoice.docNumber ?? invoice.id);
        return {
          files: [{ filename, contentType: "application/pdf", content }],
          note: null,
        };
      } catch (err) {
        if (err instanceof PdfTooLarge) return without("it is over 10 MB.");
        const timedOut = err instanceof Error && /abort|timeout/i.test(`${err.name} ${err.message}`);
        return without(timedOut ? "QuickBooks did not send it in time." : "QuickBooks could not send it.");
      }
    });
}
