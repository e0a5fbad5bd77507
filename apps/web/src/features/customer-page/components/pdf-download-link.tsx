import { customerPageMessages } from "@recoup/contracts";
import type { UseMutationResult } from "@tanstack/react-query";
import { DownloadIcon, Loader2Icon } from "lucide-react";
import type { MouseEvent } from "react";

import { Button } from "@/components/ui/button";
import { isApiError } from "@/lib/http";
import { cn } from "@/lib/utils";

export type PdfDownload = Pick<UseMutationResult<void, Error, void>, "mutate" | "isPending" | "error">;

const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * 'Download PDF': a real link to the PDF (a modified click, or a page without script, follows it),
 * whose plain click fetches the file instead, so that a refusal can be shown (PdfError).
 */
export function PdfDownloadLink({ href, number, pdf }: { href: string; number: string; pdf: PdfDownload }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!plainClick(event)) return;
    event.preventDefault();
    if (!pdf.isPending) pdf.mutate();
  };
  return (
    <Button asChild size="sm" variant="outline" className="flex-1 lg:flex-none">
      <a href={href} download onClick={onClick} aria-busy={pdf.isPending || undefined}>
        {pdf.isPending ? (
          <Loader2Icon className="animate-spin" aria-hidden="true" />
        ) : (
          <DownloadIcon aria-hidden="true" />
        )}
        {customerPageMessages.downloadPdf}
        <span className="sr-only"> for invoice {number}</span>
      </a>
    </Button>
  );
}

/** Why the PDF did not come: the API's message (too large, QuickBooks failed, link gone) or the network. */
export function pdfErrorText(error: unknown): string {
  if (isApiError(error) && error.status !== 0) return error.message;
  if (isApiError(error)) return "The PDF could not be downloaded. Check your connection and try again.";
  return customerPageMessages.pdfUnavailable;
}

export function PdfError({ error, className }: { error: unknown; className?: string }) {
  if (!error) return null;
  return (
    <p role="alert" className={cn("text-destructive text-sm", className)}>
      {pdfErrorText(error)}
    </p>
  );
}
