import type { ReactNode } from "react";

import { CustomerLink } from "@/components/customer-link";

/** A customer in one of the dashboard's lists: its name (a link to its page), a line about it, and what goes on the right. */
export function CustomerRow({
  customerRef,
  name,
  detail,
  children,
}: {
  customerRef: string;
  name: string;
  detail: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className="flex items-start justify-between gap-4 py-3 first:pt-0 last:pb-0">
      <div className="grid min-w-0 gap-0.5">
        <CustomerLink customerRef={customerRef} name={name} className="truncate font-medium" />
        <span className="text-muted-foreground text-xs">{detail}</span>
      </div>
      {children}
    </li>
  );
}
