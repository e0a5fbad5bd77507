import { AGING_CSV_HEADER, type AgingAmounts, type AgingRow, agingBuckets } from "@recoup/contracts";
import { centsToDecimal } from "../../lib/money.ts";

const AMOUNT_KEYS = [...agingBuckets.map((b) => b.key), "total"] as const satisfies (keyof AgingAmounts)[];

/**
 * One CSV field (RFC 4180). Text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab,
 * carriage return first) is prefixed with an apostrophe.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A line: text fields, then amounts (decimal text, which needs no quoting and must keep its sign). */
const line = (texts: readonly string[], amounts: string[] = []) =>
  `${[...texts.map(csvField), ...amounts].join(",")}\r\n`;

/**
 * The aging report as CSV text, one chunk per batch of rows: the header, a line per customer,
 * then a Total line per currency summed (exactly, in BigInt) from the lines written, then (when
 * disputed invoices are shown apart) a Disputed line per currency.
 */
export async function* agingCsv(
  batches: AsyncIterable<AgingRow[]>,
  disputed?: () => Promise<(AgingAmounts & { currency: string })[]>,
): AsyncGenerator<string> {
  yield line(AGING_CSV_HEADER);
  const totals = new Map<string, bigint[]>();
  for await (const rows of batches) {
    let chunk = "";
    for (const row of rows) {
      const sums = totals.get(row.currency) ?? AMOUNT_KEYS.map(() => 0n);
      AMOUNT_KEYS.forEach((key, i) => {
        sums[i] = (sums[i] ?? 0n) + BigInt(row[key]);
      });
      totals.set(row.currency, sums);
      chunk += line(
        [row.customerName, row.currency],
        AMOUNT_KEYS.map((key) => centsToDecimal(row[key])),
      );
    }
    yield chunk;
  }
  let footer = "";
  for (const currency of [...totals.keys()].sort()) {
    footer += line(["Total", currency], totals.get(currency)!.map(centsToDecimal));
  }
  for (const held of (await disputed?.()) ?? []) {
    footer += line(
      ["Disputed", held.currency],
      AMOUNT_KEYS.map((key) => centsToDecimal(held[key])),
    );
  }
  if (footer) yield footer;
}
