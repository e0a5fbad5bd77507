/**
 * Change Data Capture: `GET /cdc?entities=Customer,Invoice&changedSince=...`. Every object
 * changed at or after changedSince, grouped per entity in the requested order, ordered by
 * LastUpdatedTime, deleted objects after the others as `{status:"Deleted", domain, Id, MetaData}`.
 * Voided invoices come as ordinary changes (amounts 0). At most 1000 objects per answer and a
 * look-back of 30 days, as Intuit documents.
 */

import { deletedJson } from "./entities.ts";
import { canonicalName, resolveEntity } from "./execute.ts";
import { type FaultError, invalidParameter, missingParameter } from "./faults.ts";
import type { DeletedRecord, EntityName, Meta } from "./records.ts";
import { type Json, render } from "./render.ts";
import type { CompanyStore } from "./store.ts";
import { DAY_MS, formatDateTime, parseDateTime } from "./time.ts";

export const CDC_MAX_OBJECTS = 1000;
export const CDC_LOOKBACK_DAYS = 30;

export type CdcResult = { ok: true; body: Json } | { ok: false; errors: FaultError[] };

export function changeDataCapture(
  store: CompanyStore,
  params: URLSearchParams,
  now: number,
  minorVersion: number | undefined,
): CdcResult {
  const entitiesParam = params.get("entities");
  const sinceParam = params.get("changedSince");
  if (!entitiesParam?.trim()) return { ok: false, errors: [missingParameter("entities")] };
  if (!sinceParam?.trim()) return { ok: false, errors: [missingParameter("changedSince")] };
  const since = parseDateTime(sinceParam);
  if (since === undefined) {
    return { ok: false, errors: [invalidParameter(`Invalid changedSince value: ${sinceParam}`)] };
  }
  if (since < now - CDC_LOOKBACK_DAYS * DAY_MS) {
    return {
      ok: false,
      errors: [
        invalidParameter(
          `Operation cdc with changedSince date ${formatDateTime(since)} which is older than fixed days is not supported.`,
        ),
      ],
    };
  }
  const names = entitiesParam
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of names) {
    const entity = resolveEntity(name);
    if (!entity || entity === "CompanyInfo") {
      return { ok: false, errors: [invalidParameter(`Entity ${name} is not supported for cdc`)] };
    }
  }

  let budget = CDC_MAX_OBJECTS;
  const groups: Json[] = [];
  for (const name of names) {
    const entity = resolveEntity(name);
    if (entity === "other" || entity === "CompanyInfo" || !entity || budget <= 0) {
      groups.push({});
      continue;
    }
    const changed = [...store.map(entity).values()]
      .filter((record: Meta) => record.updated >= since)
      .sort((a, b) => a.updated - b.updated || a.id - b.id)
      .slice(0, budget);
    budget -= changed.length;
    const deleted = store.deleted
      .filter((d: DeletedRecord) => d.entity === entity && d.at >= since)
      .slice(0, Math.max(0, budget));
    budget -= deleted.length;
    const objects = [
      ...changed.map((record) => render(store, entity as EntityName, record, { minorVersion })),
      ...deleted.map(deletedJson),
    ];
    groups.push(
      objects.length
        ? {
            [canonicalName(name)]: objects,
            startPosition: 1,
            maxResults: objects.length,
            totalCount: objects.length,
          }
        : {},
    );
  }
  return { ok: true, body: { CDCResponse: [{ QueryResponse: groups }] } };
}
