/** App paths more than one feature links to. */
export const customerPath = (customerRef: string) => `/customers/${encodeURIComponent(customerRef)}`;
/** Customer Details opens 'Add contact' when its address ends in this (the dashboard's 'Add an address'). */
export const ADD_CONTACT_HASH = "#add-contact";

/** The search params that choose an invoice's thread on the Communications page. */
export const threadParams = { invoice: "invoice", customer: "customer" } as const;

/** The Communications page with an invoice's thread open. */
export const threadPath = (invoiceId: string, customerRef: string) =>
  `/communications?${new URLSearchParams({ [threadParams.invoice]: invoiceId, [threadParams.customer]: customerRef })}`;
