import { type CustomerContact, statementAddresses, statementMessages } from "@recoup/contracts";
import { FileDownIcon, SendIcon } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";

import { FormDialog } from "@/components/form-dialog";
import { Button } from "@/components/ui/button";
import { useDownloadStatement } from "@/features/statements/api/download-statement";
import { useSendStatement } from "@/features/statements/api/send-statement";
import { isApiError } from "@/lib/http";

const refusal = (error: unknown, fallback: string) =>
  isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401
    ? error.message
    : fallback;

/**
 * 'Download statement' and 'Send statement' on Customer Details: the customer's open invoices and
 * credits with a running balance and aging, as a PDF; sending asks first, naming where it goes.
 */
export function StatementActions({
  companyId,
  customerRef,
  name,
  contacts,
}: {
  companyId: string;
  customerRef: string;
  name: string;
  contacts: readonly CustomerContact[];
}) {
  const download = useDownloadStatement();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        disabled={download.isPending}
        onClick={() =>
          download.mutate(
            { companyId, customerRef },
            {
              onError: (error) =>
                toast.error(refusal(error, "Failed to download the statement. Please try again.")),
            },
          )
        }
      >
        <FileDownIcon aria-hidden="true" />
        {download.isPending ? "Preparing…" : "Download statement"}
      </Button>
      <Button variant="outline" onClick={() => setConfirming(true)}>
        <SendIcon aria-hidden="true" />
        Send statement
      </Button>
      {confirming ? (
        <SendStatementDialog
          companyId={companyId}
          customerRef={customerRef}
          name={name}
          addresses={statementAddresses(contacts)}
          onOpenChange={setConfirming}
        />
      ) : null}
    </>
  );
}

function SendStatementDialog({
  companyId,
  customerRef,
  name,
  addresses,
  onOpenChange,
}: {
  companyId: string;
  customerRef: string;
  name: string;
  addresses: string[];
  onOpenChange: (open: boolean) => void;
}) {
  const send = useSendStatement();
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      const sent = await send.mutateAsync({ companyId, customerRef });
      toast.success(`Statement on its way to ${sent.to.join(", ")}.`);
      onOpenChange(false);
    } catch (error) {
      toast.error(refusal(error, "Failed to send the statement. Please try again."));
    }
  }
  const none = addresses.length === 0;
  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      pending={send.isPending}
      title="Send statement"
      description={`${name}'s statement of account (open invoices and credits, running balance and aging) goes as a PDF attachment.`}
      submitLabel="Send statement"
      submitDisabled={none}
      onSubmit={onSubmit}
    >
      {none ? (
        <p role="alert" className="text-destructive text-sm">
          {statementMessages.noAddress}
        </p>
      ) : (
        <div className="grid gap-1 text-sm">
          <p className="text-muted-foreground">To the customer's billing contacts:</p>
          <ul aria-label="Recipients" className="grid gap-0.5">
            {addresses.map((address) => (
              <li key={address} className="font-medium break-all">
                {address}
              </li>
            ))}
          </ul>
        </div>
      )}
    </FormDialog>
  );
}
