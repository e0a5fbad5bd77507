import { PageHeader } from "@/components/page-header";
import { HelpCard } from "@/features/integrations/components/help-card";
import { MailboxCard } from "@/features/integrations/components/mailbox-card";
import { QuickbooksCard } from "@/features/integrations/components/quickbooks-card";
import { SendingCard } from "@/features/integrations/components/sending-card";
import { RemindersOnHold } from "@/features/reminders";
import { useAuth } from "@/lib/auth/use-auth";

export function IntegrationsPage() {
  const companyId = useAuth().user?.companyId;
  return (
    <div className="grid gap-6">
      <PageHeader
        title="QuickBooks Integration"
        description="Connect your QuickBooks Online company to sync customers, invoices and payments."
      />
      {companyId ? <RemindersOnHold companyId={companyId} /> : null}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="grid min-w-0 gap-6">
          <QuickbooksCard />
          {companyId ? <MailboxCard companyId={companyId} /> : null}
          {companyId ? <SendingCard companyId={companyId} /> : null}
        </div>
        <HelpCard />
      </div>
    </div>
  );
}
