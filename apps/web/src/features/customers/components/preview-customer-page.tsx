import { ExternalLinkIcon } from "lucide-react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { useCustomerPageLink } from "@/features/customers/api/customer-page-link";

/**
 * 'Preview customer page': the page this customer's reminders link to, in a new tab, so the
 * company sees what its customer sees. The tab opens at the click (no popup blocker), then goes
 * to the new link once the API made it.
 */
export function PreviewCustomerPage({ companyId, customerRef }: { companyId: string; customerRef: string }) {
  const link = useCustomerPageLink(companyId, customerRef);
  const preview = () => {
    const tab = window.open("", "_blank");
    link.mutate(undefined, {
      onSuccess: (url) => {
        if (tab) tab.location.href = url;
        else window.location.href = url;
      },
      onError: (error) => {
        tab?.close();
        toast.error(error.message);
      },
    });
  };
  return (
    <Button variant="outline" onClick={preview} disabled={link.isPending}>
      <ExternalLinkIcon aria-hidden="true" />
      Preview customer page
    </Button>
  );
}
