import {
  CURRENCIES,
  type CustomerRecord,
  type EntityName,
  type InvoiceRecord,
  ITEMS,
  type Lines,
  PAYMENT_METHODS,
  TERMS,
} from "./records.ts";
import type { CompanyStore } from "./store.ts";
import { localDay, parseDay } from "./time.ts";

/** What a webhook reports (legacy operation names). */
export type Operation = "Create" | "Update" | "Delete" | "Void" | "Emailed" | "Merge";

export interface Change {
  entity: EntityName;
  id: number;
  operation: Operation;
  at: number;
}

/** A refused control request (status 400 or 404) with a message for the test or demo. */
export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** What every mutation works on. */
export interface MutationContext {
  store: CompanyStore;
  now: number;
  changes: Change[];
}

export function record(ctx: MutationContext, entity: EntityName, id: number, operation: Operation): void {
  ctx.changes.push({ entity, id, operation, at: ctx.now });
}

export function touch(ctx: MutationContext, rec: { syncToken: number; updated: number }): void {
  rec.syncToken++;
  rec.updated = Math.max(ctx.now, rec.updated + 1);
}

/** Amounts come in major units (123.45) and are kept in cents. */
export function cents(value: unknown, what: string, allowZero = false): number {
  const n = typeof value === "string" ? Number(value) : value;
  if (typeof n !== "number" || !Number.isFinite(n) || n < 0 || (!allowZero && n === 0)) {
    throw new ControlError(400, `${what} must be a ${allowZero ? "non-negative" : "positive"} amount`);
  }
  return Math.round(n * 100);
}

export function day(value: unknown, what: string, fallback: number): number {
  if (value === undefined || value === null || value === "") return fallback;
  const parsed = typeof value === "string" ? parseDay(value) : undefined;
  if (parsed === undefined) throw new ControlError(400, `${what} must be a date YYYY-MM-DD`);
  return parsed;
}

export const today = (ctx: MutationContext): number => localDay(ctx.now);

export function idOf(value: unknown, what: string): number {
  const n = typeof value === "number" ? value : typeof value === "string" ? Number(value) : Number.NaN;
  if (!Number.isInteger(n) || n <= 0) throw new ControlError(400, `${what} must be an Id`);
  return n;
}

export function currencyOf(value: unknown, fallback: string): string {
  if (value === undefined) return fallback;
  const code = String(value).toUpperCase();
  if (!CURRENCIES[code])
    throw new ControlError(400, `currency must be one of ${Object.keys(CURRENCIES).join(", ")}`);
  return code;
}

export interface LineInput {
  /** Item name (Services, Hours, Design, ...); default Services. */
  item?: string;
  qty?: number;
  unitPrice: number;
}

export function linesOf(input: { amount?: number; lines?: LineInput[] }): Lines {
  if (input.lines?.length) {
    return input.lines.flatMap((line, i) => {
      const index = line.item
        ? ITEMS.findIndex((it) => it.name.toLowerCase() === line.item!.toLowerCase())
        : 0;
      if (index < 0)
        throw new ControlError(
          400,
          `lines[${i}].item must be one of ${ITEMS.map((it) => it.name).join(", ")}`,
        );
      const qty = line.qty ?? 1;
      if (!Number.isInteger(qty) || qty < 0)
        throw new ControlError(400, `lines[${i}].qty must be a whole number`);
      return [index, qty, cents(line.unitPrice, `lines[${i}].unitPrice`, true)];
    });
  }
  if (input.amount === undefined) throw new ControlError(400, "amount or lines is required");
  return [0, 1, cents(input.amount, "amount", true)];
}

export function termOf(value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  const index = TERMS.findIndex(
    (t) => t.name.toLowerCase() === String(value).toLowerCase() || t.id === String(value) || t.days === value,
  );
  if (index < 0) throw new ControlError(400, `term must be one of ${TERMS.map((t) => t.name).join(", ")}`);
  return index;
}

export function methodOf(value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  const index = PAYMENT_METHODS.findIndex((m) => m.name.toLowerCase() === String(value).toLowerCase());
  if (index < 0)
    throw new ControlError(400, `method must be one of ${PAYMENT_METHODS.map((m) => m.name).join(", ")}`);
  return index;
}

export function email(value: unknown, what: string): string | undefined {
  if (value === null || value === "") return undefined;
  if (typeof value !== "string" || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
    throw new ControlError(400, `${what} must be an email address`);
  }
  return value;
}

/** A comma-separated list of addresses (QuickBooks' PrimaryEmailAddr, BillEmailCc): each checked. */
export function emailList(value: unknown, what: string): string[] {
  if (value === null || value === "") return [];
  if (typeof value !== "string") throw new ControlError(400, `${what} must be email addresses`);
  const list = value.split(",").map((part) => part.trim());
  for (const address of list) email(address || "-", what);
  return list;
}

export function findCustomer(ctx: MutationContext, id: unknown): CustomerRecord {
  const customer = ctx.store.customers.get(idOf(id, "customerId"));
  if (!customer) throw new ControlError(404, `Customer ${id} not found`);
  return customer;
}

export function findInvoice(ctx: MutationContext, id: unknown): InvoiceRecord {
  const invoice = ctx.store.invoices.get(idOf(id, "invoice id"));
  if (!invoice) throw new ControlError(404, `Invoice ${id} not found`);
  return invoice;
}
