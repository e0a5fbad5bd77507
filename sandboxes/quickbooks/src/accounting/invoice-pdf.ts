/**
 * An invoice drawn as QuickBooks' standard invoice form, with pdfkit: the company, bill-to, the
 * invoice's number, dates and terms, its lines, total, payments and balance due. Streams are not
 * compressed (`compress: false`) and the dates in the document's info are the invoice's own, so
 * the same invoice gives the same bytes and its text can be read from them: the content is
 * WinAnsi text in hex strings (`[<31303337>] TJ`), the Title (`Invoice <DocNumber>`) plain.
 */
import PDFDocument from "pdfkit";
import { displayDay, displayMoney } from "./display.ts";
import { type InvoiceRecord, ITEMS, TERMS } from "./records.ts";
import type { CompanyStore } from "./store.ts";

const REGULAR = "Helvetica";
const BOLD = "Helvetica-Bold";
const INK = "#393a3d";
const MUTED = "#6b6c72";
const LEFT = 50;
const RIGHT = 562;
const BOTTOM = 720;

/** Table columns: description, quantity, rate, amount. */
const COLUMNS = [
  { x: LEFT, width: 260, align: "left" },
  { x: 320, width: 50, align: "right" },
  { x: 380, width: 85, align: "right" },
  { x: 472, width: 90, align: "right" },
] as const;

function row(doc: PDFKit.PDFDocument, cells: string[], y: number, font = REGULAR): number {
  doc.font(font).fontSize(9).fillColor(INK);
  let height = 0;
  cells.forEach((text, i) => {
    const { x, width, align } = COLUMNS[i]!;
    height = Math.max(height, doc.heightOfString(text, { width }));
    doc.text(text, x, y, { width, align });
  });
  return y + height + 6;
}

function rule(doc: PDFKit.PDFDocument, y: number): void {
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(0.5).strokeColor("#babec5").stroke();
}

/** Label and value pairs, right-aligned in the totals column. */
function pairs(doc: PDFKit.PDFDocument, items: [string, string, boolean?][], y: number): number {
  for (const [label, value, strong] of items) {
    doc
      .font(strong ? BOLD : REGULAR)
      .fontSize(strong ? 11 : 9)
      .fillColor(INK);
    doc.text(label, 330, y, { width: 135, align: "right" });
    doc.text(value, 472, y, { width: 90, align: "right" });
    y += strong ? 18 : 14;
  }
  return y;
}

function header(doc: PDFKit.PDFDocument, store: CompanyStore, inv: InvoiceRecord): number {
  const { info } = store;
  const a = info.address;
  doc.font(BOLD).fontSize(16).fillColor(INK).text(info.name, LEFT, 50, { width: 300 });
  doc.font(REGULAR).fontSize(9).fillColor(MUTED);
  doc.text([a.line1, `${a.city}, ${a.region} ${a.postalCode}`, info.phone, info.email].join("\n"));
  const title = inv.voided ? "INVOICE (VOIDED)" : "INVOICE";
  doc.font(BOLD).fontSize(22).fillColor("#2ca01c").text(title, 330, 50, { width: 232, align: "right" });

  const customer = store.customers.get(inv.customerId);
  const c = customer?.address;
  const billTo = [
    customer?.displayName ?? `Customer ${inv.customerId}`,
    ...(c ? [c.line1, `${c.city}, ${c.region} ${c.postalCode}`] : []),
    ...(inv.email ? [inv.email] : []),
  ];
  doc.font(BOLD).fontSize(9).fillColor(MUTED).text("BILL TO", LEFT, 150);
  doc.font(REGULAR).fillColor(INK).text(billTo.join("\n"), LEFT, 163, { width: 250 });

  const details: [string, string][] = [
    ["Invoice no.", inv.docNumber],
    ["Date", displayDay(inv.txnDate)],
    ["Due date", displayDay(inv.dueDate)],
    ["Terms", (TERMS[inv.term] ?? TERMS[2]).name],
    ["Currency", inv.currency],
  ];
  let y = 150;
  for (const [label, value] of details) {
    doc.font(BOLD).fillColor(MUTED).text(label, 360, y, { width: 90 });
    doc.font(REGULAR).fillColor(INK).text(value, 452, y, { width: 110, align: "right" });
    y += 14;
  }
  return Math.max(y, doc.y) + 30;
}

/** The invoice as a finished PDF document (a readable stream of its bytes). */
export function invoicePdf(store: CompanyStore, inv: InvoiceRecord): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: "LETTER",
    margin: LEFT,
    compress: false,
    info: {
      Title: `Invoice ${inv.docNumber}`,
      Author: store.info.name,
      Creator: "QuickBooks Online (sandbox)",
      Producer: "QuickBooks Online (sandbox)",
      CreationDate: new Date(inv.updated),
    },
  });
  const money = (cents: number) => displayMoney(cents, inv.currency);
  let y = header(doc, store, inv);
  y = row(doc, ["DESCRIPTION", "QTY", "RATE", "AMOUNT"], y, BOLD);
  rule(doc, y - 3);
  for (let i = 0; i < inv.lines.length; i += 3) {
    if (y > BOTTOM) {
      doc.addPage();
      y = 50;
    }
    const item = ITEMS[inv.lines[i]!] ?? ITEMS[0];
    const qty = inv.voided ? 0 : inv.lines[i + 1]!;
    const rate = inv.lines[i + 2]!;
    y = row(doc, [`${item.name}: ${item.description}`, String(qty), money(rate), money(qty * rate)], y + 3);
  }
  rule(doc, y);
  if (y > BOTTOM - 60) {
    doc.addPage();
    y = 30;
  }
  const total = inv.voided ? 0 : inv.total;
  const received = total - inv.balance;
  pairs(
    doc,
    [
      ["Subtotal", money(total)],
      ["Total", money(total)],
      ...(received > 0 ? [["Payments and credits", `-${money(received)}`] as [string, string]] : []),
      [`Balance due (${inv.currency})`, money(inv.balance), true],
    ],
    y + 12,
  );
  doc.end();
  return doc;
}
