import type { EmailMessage } from "@recoup/contracts";
import { ChevronDownIcon } from "lucide-react";
import { useState } from "react";

import { HtmlFrame } from "@/components/html-frame";
import { Button } from "@/components/ui/button";
import { splitQuoted } from "@/features/communications/utils/quoted-text";
import { cn } from "@/lib/utils";

/** A toggle that shows or hides a part of the email below it. */
function Reveal({
  open,
  onToggle,
  show,
  hide,
}: {
  open: boolean;
  onToggle: () => void;
  show: string;
  hide: string;
}) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      className="text-muted-foreground h-7 w-fit px-2"
      aria-expanded={open}
      onClick={onToggle}
    >
      <ChevronDownIcon className={cn("transition-transform", open && "rotate-180")} aria-hidden="true" />
      {open ? hide : show}
    </Button>
  );
}

/**
 * An email's words as text: the customer's own first, the quoted history behind 'Show quoted
 * text'. The HTML (sanitised on the server) only on request, in a sandboxed frame: no scripts, no
 * same-origin access, inert links.
 */
export function MessageBody({ message }: { message: EmailMessage }) {
  const { own, quoted } = splitQuoted(message);
  const [showQuoted, setShowQuoted] = useState(false);
  const [showHtml, setShowHtml] = useState(false);
  return (
    <div className="grid min-w-0 gap-2">
      <p className="text-sm wrap-anywhere whitespace-pre-wrap" data-testid="email-text">
        {own || <span className="text-muted-foreground">(no text)</span>}
      </p>
      <div className="flex flex-wrap gap-1">
        {quoted ? (
          <Reveal
            open={showQuoted}
            onToggle={() => setShowQuoted((v) => !v)}
            show="Show quoted text"
            hide="Hide quoted text"
          />
        ) : null}
        {message.html ? (
          <Reveal
            open={showHtml}
            onToggle={() => setShowHtml((v) => !v)}
            show="Show formatted email"
            hide="Hide formatted email"
          />
        ) : null}
      </div>
      {quoted && showQuoted ? (
        <blockquote className="text-muted-foreground border-l-2 pl-3 text-sm break-words whitespace-pre-wrap">
          {quoted}
        </blockquote>
      ) : null}
      {message.html && showHtml ? (
        <HtmlFrame
          title={`Formatted email: ${message.subject || "(no subject)"}`}
          html={message.html}
          className="h-96"
        />
      ) : null}
    </div>
  );
}
