import type { ReactNode } from "react";

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/utils";

/** A card that is a named region of the page: its heading (h2) names it for screen readers. */
export function SectionCard({
  id,
  title,
  description,
  className,
  contentClassName,
  children,
}: {
  /** The heading's id (unique on the page). */
  id: string;
  title: string;
  description?: ReactNode;
  className?: string;
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <Card role="region" aria-labelledby={id} className={cn("min-w-0 gap-4", className)}>
      <CardHeader>
        <CardTitle>
          <h2 id={id}>{title}</h2>
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className={cn("min-w-0", contentClassName)}>{children}</CardContent>
    </Card>
  );
}
