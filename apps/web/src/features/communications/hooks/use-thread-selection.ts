import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";

import { threadParams } from "@/lib/routes";

export interface ThreadSelection {
  invoiceId: string;
  customerRef: string;
}

const MAX_ID = 64;
const valid = (v: string | null): v is string => Boolean(v && v.length <= MAX_ID);

/**
 * The open thread, in the URL (`?invoice=<id>&customer=<ref>`) so a reload, Back and a shared link
 * keep it; the list's own params stay as they are.
 */
export function useThreadSelection() {
  const [params] = useSearchParams();
  const invoiceId = params.get(threadParams.invoice);
  const customerRef = params.get(threadParams.customer);
  const selected = useMemo<ThreadSelection | null>(
    () => (valid(invoiceId) && valid(customerRef) ? { invoiceId, customerRef } : null),
    [invoiceId, customerRef],
  );

  /** The list's link to a thread: the current params with that thread chosen. */
  const hrefFor = useCallback(
    (next: ThreadSelection) => {
      const out = new URLSearchParams(params);
      out.set(threadParams.invoice, next.invoiceId);
      out.set(threadParams.customer, next.customerRef);
      return `?${out}`;
    },
    [params],
  );

  /** Back to the list alone (phones show one or the other). */
  const listHref = useMemo(() => {
    const out = new URLSearchParams(params);
    out.delete(threadParams.invoice);
    out.delete(threadParams.customer);
    return `?${out}`;
  }, [params]);

  return { selected, hrefFor, listHref };
}
