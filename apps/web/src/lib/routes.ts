/** App paths more than one feature links to. */
export const customerPath = (customerRef: string) => `/customers/${encodeURIComponent(customerRef)}`;
