/** App paths more than one feature links to. */
export const customerPath = (customerRef: string) => `/customers/${encodeURIComponent(customerRef)}`;

/** The search params that choose an invoice's thread on the Communications page. */
export const threadParams = { invoice: "invoice", customer: "customer" } as const;

/** The Communications page with an invoice's thread open. */
export const threadPath = (invoiceId: string, customerRef: string) =>
  `/communications?${new URLSearchParams({ [threadParams.invoice]: invoiceId, [threadParams.customer]: customerRef })}`;
