import { describe, expect, it } from "vitest";
import { bucketOf, type OpenInvoice, statementSections } from "./figures.ts";

const today = "2026-03-16";
const invoice = (
  id: string,
  txnDate: string,
  dueDate: string | null,
  balanceCents: number,
  currency = "USD",
) =>
  ({
    id,
    docNumber: `S-${id}`,
    txnDate,
    dueDate,
    currency,
    totalCents: balanceCents + 1000,
    balanceCents,
  }) satisfies OpenInvoice;

describe("bucketOf", () => {
  it("counts days past due as the aging report does: not due (or no due date) is Current", () => {
    expect(bucketOf(null, today)).toBe("current");
    expect(bucketOf("2026-03-16", today)).toBe("current");
    expect(bucketOf("2026-03-15", today)).toBe("days1to30");
    expect(bucketOf("2026-02-14", today)).toBe("days1to30"); // 30 days
    expect(bucketOf("2026-02-13", today)).toBe("days31to60");
    expect(bucketOf("2026-01-15", today)).toBe("days31to60"); // 60
    expect(bucketOf("2026-01-14", today)).toBe("days61to90");
    expect(bucketOf("2025-12-16", today)).toBe("days61to90"); // 90
    expect(bucketOf("2025-12-15", today)).toBe("over90");
  });
});

describe("statementSections", () => {
  it("per currency, lines by date with a running balance, credits taken off, buckets and the balance due", () => {
    const sections = statementSections(
      [
        invoice("2", "2026-02-01", "2026-03-01", 20_000),
        invoice("1", "2025-11-01", "2025-12-01", 50_000),
        invoice("3", "2026-03-10", "2026-04-10", 15_000),
        invoice("4", "2026-01-05", "2026-02-05", 100_000, "CAD"),
      ],
      [
        {
          kind: "credit_memo",
          id: "9",
          docNumber: "CM-9",
          txnDate: "2026-02-01",
          currency: "USD",
          totalCents: 6_000,
          openCents: 5_000,
        },
        {
          kind: "payment",
          id: "8",
          docNumber: null,
          txnDate: "2026-03-12",
          currency: "USD",
          totalCents: 2_500,
          openCents: 2_500,
        },
      ],
      today,
    );
    expect(sections.map((s) => s.currency)).toEqual(["CAD", "USD"]);
    const usd = sections[1]!;
    expect(usd.lines.map((l) => [l.kind, l.number, l.openCents, l.balanceCents])).toEqual([
      ["invoice", "S-1", 50_000, 50_000],
      ["invoice", "S-2", 20_000, 70_000],
      ["credit_memo", "CM-9", -5_000, 65_000],
      ["invoice", "S-3", 15_000, 80_000],
      ["payment", "8", -2_500, 77_500],
    ]);
    expect(usd.buckets).toEqual({
      current: 15_000,
      days1to30: 20_000,
      days31to60: 0,
      days61to90: 0,
      over90: 50_000,
    });
    expect(usd).toMatchObject({ invoicedCents: 85_000, creditsCents: 7_500, balanceCents: 77_500 });
    expect(sections[0]).toMatchObject({ balanceCents: 100_000, buckets: { days31to60: 100_000 } });
  });

  it("nothing open: no section", () => {
    expect(statementSections([], [], today)).toEqual([]);
  });
});
