import type { EmailThread } from "@recoup/contracts";
import { FileTextIcon, Loader2Icon, SparklesIcon } from "lucide-react";
import { Suspense, useState } from "react";

import { SectionCard } from "@/components/section-card";
import { Button } from "@/components/ui/button";
import { useGenerateDraft } from "@/features/communications/api/generate-draft";
import { useStartFromTemplate } from "@/features/communications/api/start-from-template";
import {
  DraftFailure,
  type DraftOrigin,
  DraftOriginNotice,
} from "@/features/communications/components/draft-origin";
import type { PendingEmail } from "@/features/communications/components/thread-messages";
import {
  getReminderDraft,
  type ReminderEmail,
  ReminderFormSkeleton,
  SendReminderForm,
} from "@/features/reminders";

interface Loaded {
  email: ReminderEmail;
  origin: DraftOrigin;
  /** A new draft remounts the form, so its subject and body start afresh. */
  version: number;
}

/** Why nothing can be sent for this invoice, or null. */
function notRemindable(invoice: EmailThread["invoice"]): string | null {
  if (!invoice.email)
    return "The invoice has no email address in QuickBooks, so there is no one to write to.";
  if (invoice.status === "Voided") return "The invoice is voided: there is nothing to collect.";
  if (invoice.balanceCents <= 0 || invoice.status === "Paid")
    return "The invoice is paid: there is nothing to collect.";
  return null;
}

/**
 * Write to the customer in this thread: 'Generate draft' (or the reminder template) fills a subject
 * and body to edit; 'Send' puts it in the reminders outbox, threaded after the latest email.
 */
export function ThreadComposer({
  companyId,
  thread,
  onSent,
}: {
  companyId: string;
  thread: EmailThread;
  onSent: (pending: PendingEmail) => void;
}) {
  const { invoice } = thread;
  const generate = useGenerateDraft();
  const template = useStartFromTemplate();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const blocked = notRemindable(invoice);
  const busy = generate.isPending || template.isPending;
  const next = (email: ReminderEmail, origin: DraftOrigin) =>
    setLoaded((current) => ({ email, origin, version: (current?.version ?? 0) + 1 }));

  function onGenerate() {
    template.reset();
    generate.mutate(
      { companyId, customerRef: invoice.customerRef, invoiceId: invoice.invoiceId },
      {
        onSuccess: async (draft) => {
          // Whom the rules write to now (To, CC and who is left out), as the template's draft says.
          const rules = await getReminderDraft({ companyId, invoiceId: invoice.invoiceId }).catch(() => null);
          next(
            {
              invoiceId: invoice.invoiceId,
              to: rules?.to ?? invoice.email ?? "",
              ...(rules ? { cc: rules.cc, notSent: rules.notSent } : {}),
              stage: draft.stage,
              subject: draft.subject,
              html: draft.html,
            },
            {
              kind: "generated",
              provider: draft.provider,
              model: draft.model,
              fallbackReason: draft.fallbackReason,
            },
          );
        },
      },
    );
  }

  function onTemplate() {
    generate.reset();
    template.mutate(
      { companyId, invoiceId: invoice.invoiceId },
      { onSuccess: (draft) => next(draft, { kind: "template" }) },
    );
  }

  return (
    <SectionCard
      id="composer-title"
      title="Write to the customer"
      description="Generate a draft from the invoice's facts and history, edit it, and send it. It goes through the reminders outbox and joins this thread."
      contentClassName="grid gap-4"
    >
      {blocked ? (
        <p className="text-muted-foreground text-sm">{blocked}</p>
      ) : (
        <>
          <div className="flex flex-wrap gap-2">
            <Button type="button" onClick={onGenerate} disabled={busy}>
              {generate.isPending ? (
                <Loader2Icon className="animate-spin" aria-hidden="true" />
              ) : (
                <SparklesIcon aria-hidden="true" />
              )}
              {generate.isPending
                ? "Generating..."
                : loaded?.origin.kind === "generated"
                  ? "Generate again"
                  : "Generate draft"}
            </Button>
            <Button type="button" variant="outline" onClick={onTemplate} disabled={busy}>
              {template.isPending ? (
                <Loader2Icon className="animate-spin" aria-hidden="true" />
              ) : (
                <FileTextIcon aria-hidden="true" />
              )}
              Start from template
            </Button>
          </div>
          {generate.isError ? (
            <DraftFailure
              error={generate.error}
              what="generate a draft"
              hint="Try again, or start from your reminder template."
            />
          ) : null}
          {template.isError ? (
            <DraftFailure error={template.error} what="prepare the template" hint="Please try again." />
          ) : null}
          {loaded ? (
            <>
              <DraftOriginNotice origin={loaded.origin} />
              <Suspense fallback={<ReminderFormSkeleton />}>
                <SendReminderForm
                  key={loaded.version}
                  companyId={companyId}
                  draft={loaded.email}
                  cancelLabel="Discard"
                  onCancel={() => setLoaded(null)}
                  onSent={(sent) => {
                    setLoaded(null);
                    onSent({ ...sent, at: Date.now() });
                  }}
                />
              </Suspense>
            </>
          ) : null}
        </>
      )}
    </SectionCard>
  );
}
