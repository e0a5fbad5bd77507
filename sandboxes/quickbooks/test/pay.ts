/**
 * What the invoice PDF, InvoiceLink and payment page tests share: reading a PDF's text, finding
 * invoices by their link, and the payment page as a browser sees it (its cookie and form token).
 */
import { api, type Body, cents, rows, type TestSandbox } from "./api.ts";

/** An amount as the PDF and the page show it (`$1,234.50`, `£12.00`). */
export const money = (amount: unknown, currency: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency }).format(cents(amount) / 100);

/** `2025-06-16` as QuickBooks shows dates: `06/16/2025`. */
export const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/**
 * The text the sandbox's PDFs show, in drawing order: their streams are not compressed and
 * pdfkit writes WinAnsi text as hex strings inside TJ arrays.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString("latin1");
  const pieces: string[] = [];
  for (const [, array] of source.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    const hex = [...array!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join("");
    pieces.push(new TextDecoder("windows-1252").decode(Buffer.from(hex, "hex")));
  }
  return pieces.join("\n");
}

/** Every invoice of the realm as read with `include=invoiceLink`. */
export async function invoicesWithLinks(t: TestSandbox): Promise<Body[]> {
  const statement = encodeURIComponent("select * from Invoice maxresults 1000");
  return rows(await api(t, `/query?query=${statement}&include=invoiceLink&minorversion=75`), "Invoice");
}

export interface PageVisit {
  status: number;
  html: string;
  cookie: string;
  csrf: string;
  syncToken: string;
}

/** Opens a payment page as a browser would (keeping its cookie). */
export async function openPage(link: string, cookie = ""): Promise<PageVisit> {
  const res = await fetch(link, { headers: cookie ? { cookie } : {} });
  const html = await res.text();
  const set = res.headers.get("set-cookie")?.split(";")[0];
  return {
    status: res.status,
    html,
    cookie: set ?? cookie,
    csrf: /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? "",
    syncToken: /name="syncToken" value="([^"]+)"/.exec(html)?.[1] ?? "",
  };
}

export const GOOD_CARD = { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", name: "Pat Payer" };
export const DECLINED_CARD = { ...GOOD_CARD, number: "4000 0000 0000 0002" };

/** Posts the card form of a page opened with `openPage`. */
export async function submitCard(
  link: string,
  visit: PageVisit,
  card: Record<string, string>,
  overrides: { cookie?: string; csrf?: string } = {},
): Promise<{ status: number; location: string | null; html: string }> {
  const res = await fetch(link, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: overrides.cookie ?? visit.cookie,
    },
    body: new URLSearchParams({
      csrf: overrides.csrf ?? visit.csrf,
      syncToken: visit.syncToken,
      ...card,
    }).toString(),
  });
  return { status: res.status, location: res.headers.get("location"), html: await res.text() };
}
