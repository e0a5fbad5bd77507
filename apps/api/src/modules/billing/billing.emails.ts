import type { OutgoingEmail } from "../../integrations/mail/mailer.ts";
import { emailLayout } from "../../lib/email-layout.ts";

/** The owner's one email a month when the plan's invoices are used up. */
export function usageLimitEmail(input: {
  to: string;
  name: string;
  companyName: string;
  planName: string;
  limit: number;
  resumesOn: string;
  appUrl: string;
}): OutgoingEmail {
  const limit = input.limit.toLocaleString("en-US");
  const body = emailLayout(
    "Your monthly reminder limit is reached",
    [
      `Hi ${input.name},`,
      `${input.companyName} has sent reminders for ${limit} invoices this month, the limit of the ${input.planName} plan.`,
      `Automatic reminders are paused until ${input.resumesOn}, and reminders sent by hand wait until then too. Your data stays available as usual.`,
      "To send more this month, change your plan on the Billing page.",
    ],
    undefined,
    { href: `${input.appUrl}/billing`, label: "Open Billing" },
  );
  return {
    to: input.to,
    subject: `Recoup: the ${input.planName} plan's ${limit} invoices for this month are used`,
    ...body,
  };
}
