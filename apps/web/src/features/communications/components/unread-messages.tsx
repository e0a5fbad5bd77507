import { type InboundFailure, inboundFailureReasonLabels } from "@recoup/contracts";
import { DownloadIcon, Loader2Icon, MailWarningIcon, XIcon } from "lucide-react";
import { toast } from "sonner";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useDismissInboundFailure } from "@/features/communications/api/dismiss-inbound-failure";
import { useDownloadInboundFailure } from "@/features/communications/api/download-inbound-failure";
import { useInboundFailures } from "@/features/communications/api/get-inbound-failures";
import { formatBytes, formatCountOf, formatDateTime } from "@/lib/format";

/**
 * '1 message could not be read': emails that came in for the company but were too large, too
 * deeply nested or too slow to read, kept as they came. Each shows when and why, downloads as an
 * .eml file to open in a mail program, and can be dismissed once dealt with.
 */
export function UnreadMessages({ companyId }: { companyId: string }) {
  const query = useInboundFailures(companyId);
  if (!query.data || query.data.total === 0) return null;
  const { failures, total } = query.data;
  return (
    <Alert>
      <MailWarningIcon aria-hidden="true" />
      <AlertTitle>{formatCountOf(total, ["message", "messages"])} could not be read</AlertTitle>
      <AlertDescription>
        <p>Recoup kept {total === 1 ? "it" : "them"} as received: download to open in your mail program.</p>
        <ul className="grid w-full gap-2" aria-label="Messages that could not be read">
          {failures.map((failure) => (
            <UnreadMessage key={failure.id} companyId={companyId} failure={failure} />
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}

function UnreadMessage({ companyId, failure }: { companyId: string; failure: InboundFailure }) {
  const download = useDownloadInboundFailure();
  const dismiss = useDismissInboundFailure();
  const query = { companyId, id: failure.id };
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 border-t pt-2 first:border-t-0 first:pt-0">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-foreground">
          {failure.subject || "(no subject)"}
          {failure.from ? (
            <span className="font-normal text-muted-foreground"> from {failure.from}</span>
          ) : null}
        </p>
        <p>
          Received {formatDateTime(failure.receivedAt)} · {inboundFailureReasonLabels[failure.reason]}:{" "}
          {failure.detail} · {formatBytes(failure.size)}
        </p>
      </div>
      <div className="flex gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={download.isPending}
          onClick={() =>
            download.mutate(query, {
              onError: () => toast.error("Failed to download the message. Please try again."),
            })
          }
        >
          {download.isPending ? (
            <Loader2Icon className="animate-spin" aria-hidden="true" />
          ) : (
            <DownloadIcon aria-hidden="true" />
          )}
          Download
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={dismiss.isPending}
          onClick={() =>
            dismiss.mutate(query, {
              onError: () => toast.error("Failed to dismiss the message. Please try again."),
            })
          }
        >
          <XIcon aria-hidden="true" />
          Dismiss
        </Button>
      </div>
    </li>
  );
}
