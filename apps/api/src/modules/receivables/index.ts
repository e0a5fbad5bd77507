export { collectionErrors } from "./collection-errors.ts";
export { customerInvoices } from "./customer-invoices.repository.ts";
export { invoiceCustomer, invoiceRowColumns, num, rowsOf, toInvoiceRow } from "./invoice-rows.repository.ts";
export {
  AGING_BUCKETS,
  agingBucket,
  daysOverdue,
  holdFilter,
  homeAmount,
  invoiceStatusRank,
  isOverdue,
  liveInvoices,
  openBalance,
} from "./invoice-terms.repository.ts";
export { containsPattern, direction } from "./list-queries.repository.ts";
export { customerExists, findCompanyClock, invoiceExists } from "./lookups.repository.ts";
export { openCustomers, pageCustomer } from "./open-customers.repository.ts";
export { byId, companyToday, searchTerm } from "./receivables.service.ts";
