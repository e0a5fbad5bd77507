import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

import { cn } from "@/lib/utils";

/** One half of 'Promise and dispute': its small heading, what is open, and the buttons. */
export function HoldPanel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="grid content-start gap-3 rounded-lg border p-4"
      data-testid={`${id.replace(/-title$/, "")}-panel`}
    >
      <h3 id={id} className="text-muted-foreground text-xs font-medium tracking-wide uppercase">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** An open promise or dispute: its headline, what it does to reminders, the customer's words, who recorded it and when. */
export function HoldDetails({
  icon: Icon,
  tone,
  headline,
  effect,
  words,
  origin,
}: {
  icon: LucideIcon;
  /** The icon's colour. */
  tone: string;
  headline: string;
  effect: string;
  words: string | null;
  origin: string;
}) {
  return (
    <div className="grid gap-1.5">
      <p className="flex items-center gap-2 font-medium">
        <Icon className={cn("size-4 shrink-0", tone)} aria-hidden="true" />
        {headline}
      </p>
      <p className="text-muted-foreground text-sm">{effect}</p>
      {words ? (
        <blockquote className="border-l-2 pl-3 text-sm wrap-anywhere whitespace-pre-wrap">{words}</blockquote>
      ) : null}
      <p className="text-muted-foreground text-xs">{origin}</p>
    </div>
  );
}
