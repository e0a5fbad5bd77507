/** The email the company's users get when a customer promises to pay or disputes on their page. */
import type { AppContext } from "../../context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { enqueueEmail } from "../../jobs/send-email.ts";
import { emailLayout } from "../../lib/email-layout.ts";
import { verifiedUsers } from "./company-users.repository.ts";

/** Each user of the company with a verified address gets one, with a link to the invoice's thread. */
export async function holdNoticeEmails(
  ctx: AppContext,
  db: DbOrTx,
  companyId: string,
  n: { subject: string; title: string; lines: string[]; invoiceId: string; customerRef: string },
) {
  const to = await verifiedUsers(db, companyId);
  const thread = new URL("/communications", ctx.config.appUrl);
  thread.searchParams.set("invoice", n.invoiceId);
  thread.searchParams.set("customer", n.customerRef);
  for (const user of to) {
    const body = emailLayout(n.title, [`Hi ${user.name || "there"},`, ...n.lines], undefined, {
      href: thread.toString(),
      label: "Open the invoice's thread",
    });
    await enqueueEmail(ctx, { to: user.email, subject: n.subject, ...body }, db);
  }
}
