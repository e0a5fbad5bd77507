import { creditMemoJson, customerJson, type Json, paymentJson, type RenderOptions } from "./entities.ts";
import { invoiceJson } from "./invoice-json.ts";
import type {
  CreditMemoRecord,
  CustomerRecord,
  EntityName,
  InvoiceRecord,
  PaymentRecord,
} from "./records.ts";
import type { CompanyStore } from "./store.ts";

export type { Json, RenderOptions };

/** Any record in its Intuit JSON shape. */
export function render(
  store: CompanyStore,
  entity: EntityName,
  record: object,
  options: RenderOptions = {},
): Json {
  switch (entity) {
    case "Customer":
      return customerJson(store, record as CustomerRecord);
    case "Invoice":
      return invoiceJson(store, record as InvoiceRecord, options);
    case "Payment":
      return paymentJson(store, record as PaymentRecord);
    case "CreditMemo":
      return creditMemoJson(store, record as CreditMemoRecord);
  }
}

/** One entity by id, rendered, or undefined. */
export function renderById(
  store: CompanyStore,
  entity: EntityName,
  id: number,
  options: RenderOptions = {},
): Json | undefined {
  const record = store.map(entity).get(id);
  return record ? render(store, entity, record, options) : undefined;
}

/** Every record of a company in Intuit's shape, by entity (fixtures, determinism checks). */
export function dumpCompany(store: CompanyStore, options: RenderOptions = {}): Record<EntityName, Json[]> {
  const dump = (entity: EntityName) =>
    [...store.map(entity).values()].map((r) => render(store, entity, r, options));
  return {
    Customer: dump("Customer"),
    Invoice: dump("Invoice"),
    Payment: dump("Payment"),
    CreditMemo: dump("CreditMemo"),
  };
}
