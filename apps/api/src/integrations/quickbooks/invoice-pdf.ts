import { Readable, Transform } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { QboError } from "./qbo-api.ts";

/** QuickBooks' PDFs are a few hundred kilobytes; anything past this is refused, not relayed. */
export const MAX_INVOICE_PDF_BYTES = 10 * 1024 * 1024;

export class PdfTooLarge extends Error {}

/** The file name an invoice's PDF is sent under: `Invoice-<number>.pdf`, safe in any header. */
export const invoicePdfFilename = (number: string) => `Invoice-${number.replace(/[^\w.-]+/g, "_")}.pdf`;

export interface InvoicePdfRequest {
  baseUrl: string;
  minorVersion: number;
  realmId: string;
  accessToken: string;
  invoiceId: string;
  /** How long QuickBooks has to start answering. */
  timeoutMs: number;
  fetch?: typeof fetch;
}

/**
 * An invoice's PDF as QuickBooks renders it (`GET /v3/company/<realm>/invoice/<id>/pdf`), as a
 * stream that is never stored: refused at once when QuickBooks announces more than 10 MB, cut
 * off (an error on the stream) if it sends more than that anyway.
 */
export async function fetchInvoicePdf(
  req: InvoicePdfRequest,
): Promise<{ stream: Readable; length?: number }> {
  const url = new URL(
    `${req.baseUrl}/v3/company/${encodeURIComponent(req.realmId)}/invoice/${encodeURIComponent(req.invoiceId)}/pdf`,
  );
  url.searchParams.set("minorversion", String(req.minorVersion));
  let res: Response;
  try {
    res = await (req.fetch ?? fetch)(url, {
      headers: { authorization: `Bearer ${req.accessToken}`, accept: "application/pdf" },
      signal: AbortSignal.timeout(req.timeoutMs),
    });
  } catch (err) {
    throw new QboError(0, "NETWORK", `QuickBooks unreachable: ${String(err)}`);
  }
  if (!res.ok || !res.body) {
    const body = await res.text().catch(() => "");
    throw new QboError(res.status, "PDF", `QuickBooks answered ${res.status}: ${body.slice(0, 300)}`);
  }
  const declared = Number(res.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > MAX_INVOICE_PDF_BYTES) {
    await res.body.cancel();
    throw new PdfTooLarge(`the PDF is ${declared} bytes`);
  }
  let seen = 0;
  const capped = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(
        seen > MAX_INVOICE_PDF_BYTES
          ? new PdfTooLarge(`the PDF passed ${MAX_INVOICE_PDF_BYTES} bytes`)
          : null,
        chunk,
      );
    },
  });
  const source = Readable.fromWeb(res.body as WebReadableStream<Uint8Array>);
  source.on("error", (err) => capped.destroy(err));
  return { stream: source.pipe(capped), length: declared > 0 ? declared : undefined };
}

/** The whole PDF in memory (for an attachment), within the same limit. */
export async function invoicePdfBytes(req: InvoicePdfRequest): Promise<Buffer> {
  const { stream } = await fetchInvoicePdf(req);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
