import { MailIcon } from "lucide-react";

import { PageHeader } from "@/components/page-header";
import { UpcomingNote } from "@/components/upcoming-note";

export function EmailTemplatesPage() {
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Email Templates"
        description="Customize the automated emails that remind your customers about their invoices."
      />
      <UpcomingNote icon={MailIcon} title="Template editing is not available yet.">
        The before, on and after due date templates and the follow-up interval arrive with reminder emails.
      </UpcomingNote>
    </div>
  );
}
