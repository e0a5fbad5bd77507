import { type Condition, type Literal, type ParsedQuery, QueryError } from "./query.ts";
import {
  type CreditMemoRecord,
  type CustomerRecord,
  ENTITIES,
  type EntityName,
  type InvoiceRecord,
  OTHER_QBO_ENTITIES,
  type PaymentRecord,
} from "./records.ts";
import type { CompanyStore } from "./store.ts";
import { parseDateTime, parseDay } from "./time.ts";

export const MAX_RESULTS = 1000;
export const DEFAULT_RESULTS = 100;

type Kind = "id" | "ref" | "string" | "money" | "date" | "datetime" | "boolean";
type Value = number | string | boolean | undefined;
type AnyRecord = CustomerRecord | InvoiceRecord | PaymentRecord | CreditMemoRecord;
interface Field {
  name: string;
  kind: Kind;
  get(record: AnyRecord): Value;
}

const common: Field[] = [
  { name: "Id", kind: "id", get: (r) => r.id },
  { name: "MetaData.CreateTime", kind: "datetime", get: (r) => r.created },
  { name: "MetaData.LastUpdatedTime", kind: "datetime", get: (r) => r.updated },
];

type Txn = InvoiceRecord | PaymentRecord | CreditMemoRecord;
const txn: Field[] = [
  ...common,
  { name: "TxnDate", kind: "date", get: (r) => (r as Txn).txnDate },
  { name: "CustomerRef", kind: "ref", get: (r) => (r as Txn).customerId },
  { name: "TotalAmt", kind: "money", get: (r) => (r as Txn).total },
  { name: "CurrencyRef", kind: "string", get: (r) => (r as Txn).currency },
];

const FIELDS: Record<EntityName, Field[]> = {
  Customer: [
    ...common,
    { name: "DisplayName", kind: "string", get: (r) => (r as CustomerRecord).displayName },
    { name: "FullyQualifiedName", kind: "string", get: (r) => (r as CustomerRecord).displayName },
    { name: "GivenName", kind: "string", get: (r) => (r as CustomerRecord).givenName },
    { name: "FamilyName", kind: "string", get: (r) => (r as CustomerRecord).familyName },
    { name: "CompanyName", kind: "string", get: (r) => (r as CustomerRecord).companyName },
    { name: "PrimaryEmailAddr", kind: "string", get: (r) => (r as CustomerRecord).email },
    { name: "Balance", kind: "money", get: (r) => (r as CustomerRecord).balance },
    { name: "BalanceWithJobs", kind: "money", get: (r) => (r as CustomerRecord).balance },
    { name: "Active", kind: "boolean", get: (r) => (r as CustomerRecord).active },
    { name: "CurrencyRef", kind: "string", get: (r) => (r as CustomerRecord).currency },
  ],
  Invoice: [
    ...txn,
    { name: "DocNumber", kind: "string", get: (r) => (r as InvoiceRecord).docNumber },
    { name: "DueDate", kind: "date", get: (r) => (r as InvoiceRecord).dueDate },
    { name: "Balance", kind: "money", get: (r) => (r as InvoiceRecord).balance },
    { name: "EmailStatus", kind: "string", get: (r) => (r as InvoiceRecord).emailStatus },
  ],
  Payment: [...txn, { name: "PaymentRefNum", kind: "string", get: (r) => (r as PaymentRecord).refNum }],
  CreditMemo: [
    ...txn,
    { name: "DocNumber", kind: "string", get: (r) => (r as CreditMemoRecord).docNumber },
    { name: "Balance", kind: "money", get: (r) => (r as CreditMemoRecord).remaining },
    { name: "RemainingCredit", kind: "money", get: (r) => (r as CreditMemoRecord).remaining },
  ],
};

/** Canonical entity name (case-insensitive), or "other" for QBO entities without data here. */
export function resolveEntity(name: string): EntityName | "CompanyInfo" | "other" | undefined {
  const lower = name.toLowerCase();
  if (lower === "companyinfo") return "CompanyInfo";
  const own = ENTITIES.find((e) => e.toLowerCase() === lower);
  if (own) return own;
  return OTHER_QBO_ENTITIES.some((e) => e.toLowerCase() === lower) ? "other" : undefined;
}

export function canonicalName(name: string): string {
  const lower = name.toLowerCase();
  return [...ENTITIES, ...OTHER_QBO_ENTITIES, "CompanyInfo"].find((e) => e.toLowerCase() === lower) ?? name;
}

function field(entity: EntityName, name: string): Field {
  const found = FIELDS[entity].find((f) => f.name.toLowerCase() === name.toLowerCase());
  if (!found) throw new QueryError("4001", `QueryValidationError: property '${name}' is not queryable`);
  return found;
}

function invalid(f: Field, literal: Literal): never {
  throw new QueryError(
    "4001",
    `QueryValidationError: value '${literal.text}' is not valid for property '${f.name}'`,
  );
}

function convert(f: Field, literal: Literal): Value {
  const text = literal.text.trim();
  switch (f.kind) {
    case "id":
    case "ref":
      return /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
    case "money": {
      const n = Number(text);
      return Number.isFinite(n) ? Math.round(n * 100) : invalid(f, literal);
    }
    case "date":
      return parseDay(text.slice(0, 10)) ?? invalid(f, literal);
    case "datetime":
      return parseDateTime(text) ?? invalid(f, literal);
    case "boolean":
      if (/^(true|false)$/i.test(text)) return text.toLowerCase() === "true";
      return invalid(f, literal);
    case "string":
      return literal.text.toLowerCase();
  }
}

function likePattern(pattern: string): RegExp {
  const source = pattern
    .split("%")
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${source}$`, "is");
}

function predicate(entity: EntityName, c: Condition): (r: AnyRecord) => boolean {
  const f = field(entity, c.field);
  if ((f.kind === "id" || f.kind === "ref") && c.op !== "=" && c.op !== "in") {
    throw new QueryError(
      "4001",
      `QueryValidationError: Operator '${c.op}' is not supported for property '${f.name}'`,
    );
  }
  const read = (r: AnyRecord): Value => {
    const v = f.get(r);
    return typeof v === "string" ? v.toLowerCase() : v;
  };
  if (c.op === "like") {
    if (f.kind !== "string")
      throw new QueryError("4001", `QueryValidationError: LIKE is not supported for property '${f.name}'`);
    const re = likePattern(c.values[0]!.text);
    return (r) => {
      const v = f.get(r);
      return typeof v === "string" && re.test(v);
    };
  }
  const values = c.values.map((v) => convert(f, v));
  if (c.op === "in") {
    const set = new Set(values);
    return (r) => set.has(read(r));
  }
  const target = values[0]!;
  return (r) => {
    const v = read(r);
    if (v === undefined) return c.op === "!=";
    switch (c.op) {
      case "=":
        return v === target;
      case "!=":
        return v !== target;
      case "<":
        return v < target!;
      case ">":
        return v > target!;
      case "<=":
        return v <= target!;
      default:
        return v >= target!;
    }
  };
}

export type QueryResult = { count: number } | { rows: AnyRecord[]; startPosition: number };

/** Runs a parsed query on a company's data (not CompanyInfo). */
export function execute(store: CompanyStore, entity: EntityName, query: ParsedQuery): QueryResult {
  const filters = query.where.map((c) => predicate(entity, c));
  // Inactive customers are hidden unless the query says which Active values it wants.
  if (entity === "Customer" && !query.where.some((c) => c.field.toLowerCase() === "active")) {
    filters.push((r) => (r as CustomerRecord).active);
  }
  const sorters = query.orderBy.map((o) => ({ f: field(entity, o.field), desc: o.desc }));
  if (query.maxResults !== undefined && query.maxResults > MAX_RESULTS) {
    throw new QueryError(
      "4001",
      `QueryValidationError: value ${query.maxResults} is too large. Max allowed value is ${MAX_RESULTS}`,
    );
  }

  const rows: AnyRecord[] = [];
  for (const record of store.map(entity).values()) {
    if (filters.every((test) => test(record))) rows.push(record);
  }
  if (query.count) return { count: rows.length };

  rows.sort((a, b) => {
    for (const { f, desc } of sorters) {
      const x = f.get(a);
      const y = f.get(b);
      if (x === y) continue;
      const lx = typeof x === "string" ? x.toLowerCase() : x;
      const ly = typeof y === "string" ? y.toLowerCase() : y;
      if (lx === ly) continue;
      const order = lx === undefined ? -1 : ly === undefined ? 1 : lx < ly ? -1 : 1;
      return desc ? -order : order;
    }
    return a.id - b.id;
  });
  const startPosition = Math.max(1, query.startPosition ?? 1);
  const size = query.maxResults ?? DEFAULT_RESULTS;
  return { rows: rows.slice(startPosition - 1, startPosition - 1 + Math.max(0, size)), startPosition };
}
