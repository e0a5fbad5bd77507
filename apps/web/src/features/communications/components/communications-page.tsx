import { BellRingIcon } from "lucide-react";

import { PageHeader } from "@/components/page-header";
import { UpcomingNote } from "@/components/upcoming-note";

export function CommunicationsPage() {
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Communications"
        description="Reminder emails and your customers' replies, by invoice."
      />
      <UpcomingNote icon={BellRingIcon} title="Connect QuickBooks to see your conversations here.">
        Email threads, drafts and notes arrive with the QuickBooks data sync and reminder emails.
      </UpcomingNote>
    </div>
  );
}
