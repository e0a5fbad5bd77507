import { CreditCardIcon } from "lucide-react";

import { PageHeader } from "@/components/page-header";
import { UpcomingNote } from "@/components/upcoming-note";

export function BillingPage() {
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Billing & Subscription"
        description="Your plan, your trial and your payment details."
      />
      <UpcomingNote icon={CreditCardIcon} title="Subscription details are not available yet.">
        Your plan, trial dates and the payment portal arrive in a later release.
      </UpcomingNote>
    </div>
  );
}
