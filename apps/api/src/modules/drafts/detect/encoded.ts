/**
 * Encoded text: a Base64 or hex blob that decodes to readable text ("aHR0cHM6Ly9ldmlsLmV4YW1wbGUvcGF5"
 * is https://evil.example/pay). A reminder has no use for one, whatever it decodes to.
 */
import { collect, type Sheet } from "./sheet.ts";

const BASE64 = /(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/_-]{16,}={0,2}(?![A-Za-z0-9+/=_-])/g;
const HEX =
  /(?<![\p{L}\p{N}])(?:0x)?(?:[0-9a-f]{2}){8,}(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])(?:[0-9a-f]{2}[ :]){7,}[0-9a-f]{2}(?![\p{L}\p{N}])/giu;

/** The bytes as text when all of them are printable ASCII and some are letters; else null. */
function readable(bytes: Buffer): string | null {
  if (bytes.length < 6 || !bytes.every((b) => (b >= 0x20 && b < 0x7f) || b === 9 || b === 10 || b === 13)) {
    return null;
  }
  const text = bytes.toString("latin1");
  return /[a-z]{2}/i.test(text) ? text : null;
}

export function findEncoded(sheet: Sheet): void {
  collect(sheet, HEX, (m) => {
    const reads = readable(Buffer.from(m[0].replace(/^0x|[ :]/gi, ""), "hex"));
    return reads ? { kind: "encoded text", reads } : null;
  });
  collect(sheet, BASE64, (m) => {
    const reads = readable(Buffer.from(m[0].replace(/-/g, "+").replace(/_/g, "/"), "base64"));
    return reads ? { kind: "encoded text", reads } : null;
  });
}
