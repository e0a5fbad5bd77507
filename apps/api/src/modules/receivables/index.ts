export { collectionErrors } from "./collection-errors.ts";
export { customerInvoices } from "./customer-invoices.repository.ts";
export {
  AGING_BUCKETS,
  agingBucket,
  containsPattern,
  customerExists,
  daysOverdue,
  direction,
  findCompanyClock,
  homeAmount,
  invoiceCustomer,
  invoiceExists,
  invoiceRowColumns,
  invoiceStatusRank,
  isOverdue,
  liveInvoices,
  num,
  openBalance,
  openCustomers,
  pageCustomer,
  rowsOf,
  toInvoiceRow,
} from "./receivables.repository.ts";
export { byId, companyToday, searchTerm } from "./receivables.service.ts";
