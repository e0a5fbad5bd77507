import type { PreviewTemplateRequest } from "@recoup/contracts";
import { templateMessages } from "@recoup/contracts";
import { Loader2Icon, SendIcon } from "lucide-react";
import { useId } from "react";
import { toast } from "sonner";

import { QueryErrorState } from "@/components/data-states";
import { HtmlFrame } from "@/components/html-frame";
import { LoadingBlocks } from "@/components/loading-blocks";
import { SectionCard } from "@/components/section-card";
import { Button } from "@/components/ui/button";
import type { previewTemplate } from "@/features/email-templates/api/preview-template";
import { useSendTestEmail } from "@/features/email-templates/api/send-test-email";
import { formatDate, formatMoney } from "@/lib/format";

type Preview = Awaited<ReturnType<typeof previewTemplate>>;
type PreviewQuery = {
  data: Preview | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
};

/** Which invoice filled the variables, in words. */
function invoiceLine(invoice: Preview["invoice"]) {
  if (!invoice) return "Sample values: your company has no open invoice to show it with.";
  const number = invoice.docNumber ? `invoice #${invoice.docNumber}` : "an invoice";
  const due = invoice.dueDate ? `, due ${formatDate(invoice.dueDate)}` : "";
  return `Shown with ${number} for ${invoice.customerName} (${formatMoney(invoice.balanceCents, invoice.currency)} open${due}).`;
}

/**
 * The email as a customer would get it (logo, body, signature), filled with one of the company's
 * real open invoices; while editing it follows the unsaved draft. 'Send test email' sends this
 * preview to the signed-in user.
 */
export function TemplatePreviewCard({
  input,
  query,
}: {
  input: PreviewTemplateRequest;
  query: PreviewQuery;
}) {
  const sendTest = useSendTestEmail();
  const preview = query.data;
  const titleId = useId();

  function onSendTest() {
    sendTest.mutate(input, {
      onSuccess: (sent) => toast.success(`Test email sent to ${sent.sentTo}.`),
      onError: () => toast.error("Failed to send the test email. Please try again."),
    });
  }

  return (
    <SectionCard
      id={titleId}
      title="Preview"
      description={preview ? invoiceLine(preview.invoice) : "The email as your customer will see it."}
      contentClassName="grid gap-4"
    >
      {query.isPending ? (
        <LoadingBlocks label="Loading the preview…" blocks={["h-5 w-2/3", "h-96 w-full"]} />
      ) : query.isError || !preview ? (
        <QueryErrorState title="Failed to load the preview" query={query} />
      ) : (
        <>
          <p className="text-sm break-words">
            <span className="text-muted-foreground">Subject: </span>
            <span className="font-medium" data-testid="preview-subject">
              {preview.email.subject}
            </span>
          </p>
          <HtmlFrame title="Email preview" html={preview.email.html} className="h-[420px]" />
        </>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted-foreground text-xs">
          {query.isFetching && !query.isPending ? "Updating the preview…" : "Sent to you only."}
        </p>
        <Button variant="outline" onClick={onSendTest} disabled={sendTest.isPending || !preview}>
          {sendTest.isPending ? (
            <Loader2Icon className="animate-spin" aria-hidden="true" />
          ) : (
            <SendIcon aria-hidden="true" />
          )}
          {templateMessages.sendTestEmail}
        </Button>
      </div>
    </SectionCard>
  );
}
