import type { EmailThread, ReplySuggestion } from "@recoup/contracts";
import { Loader2Icon, SparklesIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { useRecordDispute, useRecordPromise } from "@/features/communications/api/holds";
import { toastHoldOutcome } from "@/features/communications/utils/hold-outcome";
import { suggestedDispute } from "@/features/communications/utils/suggestion";

/**
 * What the latest reply seems to say ('Looks like a promise to pay on Dec 4, 2026'), and the one
 * click that records it: the promise with its date, or the reply as a dispute ('already paid' as
 * its reason when it says so). Nothing is recorded without the click.
 */
export function SuggestionBanner({ companyId, thread }: { companyId: string; thread: EmailThread }) {
  const promise = useRecordPromise();
  const dispute = useRecordDispute();
  const suggestion = thread.suggestion;
  if (!suggestion || (suggestion.kind === "promise" && !suggestion.date)) return null;
  const pending = promise.isPending || dispute.isPending;
  const invoiceId = thread.invoice.invoiceId;

  const apply = (s: ReplySuggestion) => {
    const from = { companyId, invoiceId, source: "reply", emailId: s.emailId } as const;
    return s.kind === "promise" && s.date
      ? toastHoldOutcome(
          promise.mutateAsync({ ...from, date: s.date }),
          "Failed to record the promise. Please try again.",
        )
      : toastHoldOutcome(
          dispute.mutateAsync({ ...from, ...suggestedDispute(s, thread.messages) }),
          "Failed to record the dispute. Please try again.",
        );
  };

  return (
    <div
      role="note"
      aria-label="Suggestion from the latest reply"
      data-testid="reply-suggestion"
      className="bg-primary/5 border-primary/30 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border px-4 py-3"
    >
      <SparklesIcon className="text-primary size-4 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1 text-sm font-medium">{suggestion.text}</p>
      <Button size="sm" disabled={pending} onClick={() => apply(suggestion)}>
        {pending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
        {suggestion.action}
      </Button>
    </div>
  );
}
