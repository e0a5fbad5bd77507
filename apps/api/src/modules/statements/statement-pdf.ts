/** A statement of account as a PDF (pdfkit, its built-in Helvetica): Letter for en-US, A4 elsewhere. */
import { agingBuckets } from "@recoup/contracts";
import PDFDocument from "pdfkit";
import { longDate } from "../../lib/dates.ts";
import { formatCents } from "../../lib/money.ts";
import type { CurrencySection, StatementLine } from "./figures.ts";

export interface StatementDocument {
  company: {
    name: string;
    email: string | null;
    locale: string;
    logo: Buffer | null;
    logoType: string | null;
  };
  customer: { name: string; companyName: string | null; addresses: string[] };
  /** The statement date: the company's today. */
  date: string;
  sections: CurrencySection[];
}

const MARGIN = 50;
const GREY = "#6b7280";
const RULE = "#d1d5db";
const KIND_LABELS = { invoice: "Invoice", credit_memo: "Credit memo", payment: "Payment" } as const;

/** Spaces the built-in fonts cannot draw (some locales' number formats use them) become plain ones. */
const drawable = (text: string) => text.replace(/[\u2000-\u200b\u202f\u205f]/g, " ");

export async function renderStatementPdf(s: StatementDocument): Promise<Buffer> {
  const { locale } = s.company;
  const doc = new PDFDocument({
    size: locale === "en-US" ? "LETTER" : "A4",
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `Statement of account: ${s.customer.name}`, Author: s.company.name, Creator: "Recoup" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  const money = (cents: number, currency: string) => drawable(formatCents(cents, currency, locale));
  const shortDate = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" });
  const day = (date: string | null) =>
    date ? drawable(shortDate.format(new Date(`${date}T00:00:00Z`))) : "";
  const width = doc.page.width - 2 * MARGIN;
  const right = doc.page.width - MARGIN;

  // The company (its logo when it is a PNG or JPEG), and the statement's title and date.
  let top = MARGIN;
  if (s.company.logo && /^image\/(png|jpe?g)$/.test(s.company.logoType ?? "")) {
    try {
      doc.image(s.company.logo, MARGIN, top, { fit: [120, 48] });
      top += 56;
    } catch {
      // An image pdfkit cannot read: the statement goes without it.
    }
  }
  doc
    .fillColor("black")
    .font("Helvetica-Bold")
    .fontSize(14)
    .text(drawable(s.company.name), MARGIN, top, {
      width: width / 2,
    });
  doc.font("Helvetica").fontSize(9).fillColor(GREY);
  if (s.company.email) doc.text(s.company.email, { width: width / 2 });
  const companyBottom = doc.y;
  doc.fillColor("black").font("Helvetica-Bold").fontSize(16);
  doc.text("Statement of account", MARGIN + width / 2, MARGIN, { width: width / 2, align: "right" });
  doc.font("Helvetica").fontSize(10);
  doc.text(`Statement date: ${drawable(longDate(s.date, locale))}`, { width: width / 2, align: "right" });

  // The customer.
  let y = Math.max(doc.y, companyBottom) + 24;
  doc.fillColor(GREY).fontSize(9).text("Statement for", MARGIN, y);
  doc.fillColor("black").font("Helvetica-Bold").fontSize(11).text(drawable(s.customer.name));
  doc.font("Helvetica").fontSize(9);
  if (s.customer.companyName && s.customer.companyName !== s.customer.name)
    doc.text(drawable(s.customer.companyName));
  for (const address of s.customer.addresses) doc.text(address);
  y = doc.y + 18;

  if (s.sections.length === 0) {
    doc
      .fontSize(11)
      .text(
        `Nothing is owed: no open invoices or credits on ${drawable(longDate(s.date, locale))}.`,
        MARGIN,
        y,
      );
  }

  const columns = [
    { label: "Date", x: MARGIN, w: 72, align: "left" as const },
    { label: "Transaction", x: MARGIN + 72, w: 118, align: "left" as const },
    { label: "Due date", x: MARGIN + 190, w: 72, align: "left" as const },
    { label: "Amount", x: MARGIN + 262, w: 80, align: "right" as const },
    { label: "Open", x: MARGIN + 342, w: 80, align: "right" as const },
    { label: "Balance", x: MARGIN + 422, w: width - 422, align: "right" as const },
  ];
  const row = (cells: string[], bold = false) => {
    doc
      .font(bold ? "Helvetica-Bold" : "Helvetica")
      .fontSize(9)
      .fillColor("black");
    cells.forEach((text, i) => {
      const c = columns[i]!;
      doc.text(text, c.x, y, { width: c.w, align: c.align, lineBreak: false, ellipsis: true });
    });
    y += 15;
  };
  const rule = () => {
    doc
      .moveTo(MARGIN, y - 4)
      .lineTo(right, y - 4)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  };
  /** Room for `height` more points on this page, else a new page (with the table's head again when asked). */
  const room = (height: number, head?: string) => {
    if (y + height <= doc.page.height - MARGIN - 20) return;
    doc.addPage();
    y = MARGIN;
    if (head) {
      doc.font("Helvetica-Bold").fontSize(10).text(head, MARGIN, y);
      y += 18;
      row(
        columns.map((c) => c.label),
        true,
      );
      rule();
    }
  };

  for (const section of s.sections) {
    const head = `Open items in ${section.currency}`;
    room(80);
    doc.font("Helvetica-Bold").fontSize(11).fillColor("black").text(head, MARGIN, y);
    y += 18;
    row(
      columns.map((c) => c.label),
      true,
    );
    rule();
    for (const line of section.lines) {
      room(15, `${head} (continued)`);
      row(lineCells(line, section.currency, money, day));
    }
    rule();
    y += 4;

    // The aging buckets, the credits and the balance due.
    room(70);
    const cells = [
      ...agingBuckets.map((b) => ({ label: b.label, cents: section.buckets[b.key] })),
      // No credits reads $0.00, not -$0.00.
      { label: "Credits", cents: section.creditsCents === 0 ? 0 : -section.creditsCents },
      { label: "Balance due", cents: section.balanceCents },
    ];
    const cw = width / cells.length;
    doc.font("Helvetica").fontSize(8).fillColor(GREY).text("Days past due", MARGIN, y);
    y += 12;
    // Labels, then amounts: read back (or by a screen reader) as two rows.
    cells.forEach((c, i) => {
      doc
        .font(i === cells.length - 1 ? "Helvetica-Bold" : "Helvetica")
        .fontSize(8)
        .fillColor(GREY);
      doc.text(c.label, MARGIN + i * cw, y, { width: cw - 4, align: "right", lineBreak: false });
    });
    cells.forEach((c, i) => {
      doc
        .font(i === cells.length - 1 ? "Helvetica-Bold" : "Helvetica")
        .fontSize(9)
        .fillColor("black");
      doc.text(money(c.cents, section.currency), MARGIN + i * cw, y + 12, {
        width: cw - 4,
        align: "right",
        lineBreak: false,
      });
    });
    y += 30;
    doc.font("Helvetica-Bold").fontSize(11).fillColor("black");
    doc.text(
      `Balance due (${section.currency}): ${money(section.balanceCents, section.currency)}`,
      MARGIN,
      y,
      {
        width,
        align: "right",
      },
    );
    y = doc.y + 24;
  }

  if (s.sections.length > 1) {
    room(30 + 15 * s.sections.length);
    doc.font("Helvetica-Bold").fontSize(11).text("Totals by currency", MARGIN, y);
    y += 18;
    for (const section of s.sections) {
      doc.font("Helvetica").fontSize(10);
      doc.text(`${section.currency}: ${money(section.balanceCents, section.currency)}`, MARGIN, y);
      y += 15;
    }
  }

  // Every page: who to ask, and its number.
  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    const footer = [
      s.company.email ? `Questions about this statement? Write to ${s.company.email}.` : null,
      `Page ${i + 1} of ${pages.count}`,
    ].filter(Boolean);
    doc.font("Helvetica").fontSize(8).fillColor(GREY);
    // Below the bottom margin pdfkit would start a new page: the margin is lifted while writing it.
    doc.page.margins.bottom = 0;
    doc.text(footer.join("   ·   "), MARGIN, doc.page.height - MARGIN, {
      width,
      align: "center",
      lineBreak: false,
    });
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

function lineCells(
  line: StatementLine,
  currency: string,
  money: (cents: number, currency: string) => string,
  day: (date: string | null) => string,
) {
  return [
    day(line.date),
    `${KIND_LABELS[line.kind]} ${drawable(line.number)}`,
    day(line.dueDate),
    money(line.kind === "invoice" ? line.totalCents : -line.totalCents, currency),
    money(line.openCents, currency),
    money(line.balanceCents, currency),
  ];
}
