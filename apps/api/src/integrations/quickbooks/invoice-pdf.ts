import { Readable, Transform } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { QboError } from "./qbo-error.ts";

/** QuickBooks' PDFs are a few hundred kilobytes; anything past this is refused, not relayed. */
export const MAX_INVOICE_PDF_BYTES = 10 * 1024 * 1024;

export class PdfTooLarge extends Error {}

/** The file name an invoice's PDF is sent under: `Invoice-<number>.pdf`, safe in any header. */
export const invoicePdfFilename = (number: string) => `Invoice-${number.replace(/[^\w.-]+/g, "_")}.pdf`;

export interface PdfStream {
  stream: Readable;
  length?: number;
}

/**
 * QuickBooks' answer to a PDF request, relayed as a stream that is never stored: refused at once
 * when QuickBooks announces more than 10 MB, cut off (an error on the stream) if it sends more
 * than that anyway.
 */
export async function relayPdf(res: Response): Promise<PdfStream> {
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
export async function pdfBytes({ stream }: PdfStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
