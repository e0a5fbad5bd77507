import { SearchXIcon } from "lucide-react";
import { useCallback, useState } from "react";

import { EmptyState, QueryErrorState } from "@/components/data-states";
import { LoadingBlocks } from "@/components/loading-blocks";
import { NotesCard } from "@/components/notes/notes-card";
import { useThread } from "@/features/communications/api/get-thread";
import { BackToList } from "@/features/communications/components/back-to-list";
import { SuggestionBanner } from "@/features/communications/components/suggestion-banner";
import { ThreadComposer } from "@/features/communications/components/thread-composer";
import { ThreadHolds } from "@/features/communications/components/thread-holds";
import { type PendingEmail, ThreadMessages } from "@/features/communications/components/thread-messages";
import { ThreadSummary } from "@/features/communications/components/thread-summary";
import type { ThreadSelection } from "@/features/communications/hooks/use-thread-selection";
import { isApiError } from "@/lib/http";

/**
 * One invoice's conversation: where it stands, what the latest reply seems to say, its promise and
 * dispute, its emails oldest first, a composer, and its notes.
 */
export function ThreadView({
  companyId,
  selected,
  listHref,
}: {
  companyId: string;
  selected: ThreadSelection;
  /** The list without this thread (the way back on phones). */
  listHref: string;
}) {
  const [pending, setPending] = useState<PendingEmail | null>(null);
  const settle = useCallback(() => setPending(null), []);
  const query = useThread({ companyId, ...selected }, { sending: pending !== null });

  if (query.isPending) {
    return (
      <div className="grid gap-4">
        <BackToList href={listHref} />
        <LoadingBlocks
          label="Loading the conversation…"
          blocks={["h-32 w-full rounded-xl", "h-64 w-full rounded-xl", "h-48 w-full rounded-xl"]}
        />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="grid gap-4">
        <BackToList href={listHref} />
        {isApiError(query.error, 404) ? (
          <EmptyState icon={SearchXIcon} title="Conversation not found">
            This invoice is not in your QuickBooks data, or it belongs to another customer. Choose a
            conversation from the list.
          </EmptyState>
        ) : (
          <QueryErrorState title="Failed to load the conversation" query={query} />
        )}
      </div>
    );
  }

  const thread = query.data;
  return (
    <div className="grid min-w-0 gap-6">
      <BackToList href={listHref} />
      <ThreadSummary companyId={companyId} thread={thread} />
      <SuggestionBanner companyId={companyId} thread={thread} />
      <ThreadHolds companyId={companyId} thread={thread} />
      <ThreadMessages companyId={companyId} messages={thread.messages} pending={pending} onSettled={settle} />
      <ThreadComposer companyId={companyId} thread={thread} onSent={setPending} />
      <NotesCard
        id="invoice-notes-title"
        notesRef={{ companyId, type: "invoice", invoiceId: thread.invoice.invoiceId }}
        description="What the team knows about this invoice: calls, promises, agreements."
      />
    </div>
  );
}
