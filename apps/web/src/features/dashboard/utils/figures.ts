import { type DashboardSummary, type HoldFilter, holdFilterLabels } from "@recoup/contracts";

import {
  formatCount,
  formatCountOf,
  formatDays,
  formatDecimal,
  formatMoney,
  formatPercent,
} from "@/lib/format";

/** The CEI formula, as the caption under its figure says it. */
export const CEI_FORMULA =
  "(beginning receivables + invoiced − ending receivables) ÷ (beginning receivables + invoiced − ending current receivables) × 100";

export const DSO_FORMULA = "receivables now ÷ invoiced in the last 90 days × 90";

/** "USD" alone, or "USD (CAD, EUR converted)". */
export function currencyNote(summary: Pick<DashboardSummary, "homeCurrency" | "convertedCurrencies">) {
  const { homeCurrency, convertedCurrencies } = summary;
  if (convertedCurrencies.length === 0) return `All amounts in ${homeCurrency}.`;
  const list = new Intl.ListFormat("en", { type: "conjunction" }).format(convertedCurrencies);
  return `All amounts in ${homeCurrency}. Amounts in ${list} were converted into ${homeCurrency} at the exchange rates recorded in QuickBooks.`;
}

/** The CEI's formula with this period's figures filled in. */
export function ceiWorking(cei: NonNullable<DashboardSummary["cei"]>, currency: string): string {
  const m = (cents: number) => formatMoney(cents, currency);
  const {
    beginningReceivablesCents: b,
    invoicedCents: i,
    endingReceivablesCents: e,
    endingCurrentCents: c,
  } = cei;
  return `(${m(b)} + ${m(i)} − ${m(e)}) ÷ (${m(b)} + ${m(i)} − ${m(c)}) × 100 = ${formatPercent(cei.percent)}`;
}

export interface Figure {
  key: string;
  label: string;
  value: string;
  caption: string;
  /** How the figure is worked out, shown under it. */
  formula?: string;
  /** A longer explanation (the formula with numbers), shown in a tooltip. */
  detail?: string;
  tone?: "danger" | "good";
  /** Where the caption links to: the invoices the figure adds up. */
  captionTo?: string;
}

/** The Invoices list showing only the invoices on this hold. */
const heldInvoicesPath = (hold: HoldFilter) => `/invoices?${new URLSearchParams({ hold })}`;

/** What the held figures count, shown in their tooltips. */
const heldDetails: Record<HoldFilter, string> = {
  promised:
    "Open balances of invoices whose customer promised to pay by a date from today on. Once the date has passed, the promise is missed and no longer counted.",
  disputed:
    "Open balances of invoices with an open dispute. They are not chased until the dispute is resolved.",
};

/** A figure of invoices on hold: their amount, and a link to them when there are any. */
function heldFigure(hold: HoldFilter, value: string, count: number): Figure {
  return {
    key: hold,
    label: holdFilterLabels[hold],
    value,
    caption:
      count > 0 ? formatCountOf(count, [`${hold} invoice`, `${hold} invoices`]) : `No ${hold} invoices`,
    captionTo: count > 0 ? heldInvoicesPath(hold) : undefined,
    detail: heldDetails[hold],
  };
}

/** The eight figure cards, in reading order: what is owed and on hold, then how collection goes. */
export function dashboardFigures(s: DashboardSummary): Figure[] {
  const money = (cents: number) => formatMoney(cents, s.homeCurrency);
  return [
    {
      key: "outstanding",
      label: "Total outstanding",
      value: money(s.outstandingCents),
      caption: `${formatCount(s.openInvoices)} open ${s.openInvoices === 1 ? "invoice" : "invoices"}`,
    },
    {
      key: "overdue",
      label: "Overdue total",
      value: money(s.overdueCents),
      caption: "Past the due date",
      tone: s.overdueCents > 0 ? "danger" : undefined,
    },
    heldFigure("promised", money(s.promisedCents), s.promisedInvoices),
    heldFigure("disputed", money(s.disputedCents), s.disputedInvoices),
    {
      key: "overdueInvoices",
      label: "Invoices overdue",
      value: formatCount(s.overdueInvoices),
      caption: `of ${formatCount(s.openInvoices)} open`,
      tone: s.overdueInvoices > 0 ? "danger" : undefined,
    },
    {
      key: "collected",
      label: "Collected (last 30 days)",
      value: money(s.collectedLast30Cents),
      caption: "Payments received",
      tone: "good",
    },
    {
      key: "dso",
      label: "DSO",
      value: s.dso === null ? "—" : formatDays(Math.round(s.dso)),
      caption:
        s.dso === null ? "Days sales outstanding: no sales in the last 90 days" : "Days sales outstanding",
      formula: DSO_FORMULA,
      detail: s.dso === null ? undefined : `${formatDecimal(s.dso)} days over the last 90 days.`,
    },
    {
      key: "cei",
      label: "CEI",
      value: s.cei ? formatPercent(s.cei.percent) : "—",
      caption: s.cei
        ? "Collection effectiveness index, last 90 days"
        : "Collection effectiveness index: not enough activity in the last 90 days",
      formula: CEI_FORMULA,
      detail: s.cei ? ceiWorking(s.cei, s.homeCurrency) : undefined,
    },
  ];
}
