import { createHmac, timingSafeEqual } from "node:crypto";
import { uuidBytes, uuidText } from "./uuid-bytes.ts";

/**
 * Reply addresses: `reply+<company>.<invoice>.<mac>@<INBOUND_DOMAIN>`, where the company id is
 * base32 and the MAC an HMAC-SHA256 of both (80 bits), so a reply names its company and invoice
 * and nobody can make one up. Lower-case base32, because some relays lower-case local parts.
 */
const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";

function base32(bytes: Buffer) {
  let out = "";
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

function unbase32(text: string, length: number) {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) return undefined;
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return bytes.length === length ? Buffer.from(bytes) : undefined;
}

const INVOICE_ID = /^[0-9a-z]{1,20}$/;

export class ReplyTokens {
  readonly #key: Buffer;
  constructor(
    secret: string,
    readonly domain: string,
  ) {
    this.#key = createHmac("sha256", secret).update("recoup reply address").digest();
  }

  #mac(companyId: string, invoiceId: string) {
    return createHmac("sha256", this.#key).update(`${companyId}:${invoiceId}`).digest().subarray(0, 10);
  }

  #token(companyId: string, invoiceId: string) {
    return `${base32(uuidBytes(companyId))}.${invoiceId}.${base32(this.#mac(companyId, invoiceId))}`;
  }

  /** The address replies about this invoice go to; undefined for an id that cannot be carried. */
  address(companyId: string, invoiceId: string): string | undefined {
    if (!INVOICE_ID.test(invoiceId)) return undefined;
    return `reply+${this.#token(companyId, invoiceId)}@${this.domain}`;
  }

  /**
   * The same token on a mailbox's own address (`billing+<token>@acme.com`, decision 0020), for
   * providers that deliver plus-addresses to the mailbox; undefined for an id that cannot be carried.
   */
  plusAddress(companyId: string, invoiceId: string, mailbox: string): string | undefined {
    const at = mailbox.lastIndexOf("@");
    if (!INVOICE_ID.test(invoiceId) || at < 1) return undefined;
    return `${mailbox.slice(0, at)}+${this.#token(companyId, invoiceId)}@${mailbox.slice(at + 1)}`;
  }

  /** What a plus-address of `mailbox` names (as `read`); undefined for any other address. */
  readPlus(
    address: string,
    mailbox: string,
  ): { companyId: string; invoiceId: string } | "forged" | undefined {
    const at = mailbox.lastIndexOf("@");
    const base = `${mailbox.slice(0, at)}+`.toLowerCase();
    const a = address.trim().toLowerCase();
    if (at < 1 || !a.startsWith(base) || !a.endsWith(`@${mailbox.slice(at + 1).toLowerCase()}`))
      return undefined;
    return this.#verify(a.slice(base.length, a.lastIndexOf("@")));
  }

  /**
   * What an address names: the company and invoice for a genuine reply address of ours, "forged"
   * for one that looks like ours but does not verify, undefined for any other address.
   */
  read(address: string): { companyId: string; invoiceId: string } | "forged" | undefined {
    const match = /^reply\+([^@]+)@(.+)$/i.exec(address.trim());
    if (!match || match[2]!.toLowerCase() !== this.domain.toLowerCase()) return undefined;
    return this.#verify(match[1]!.toLowerCase());
  }

  /** A token's company and invoice; undefined when it is not shaped as ours, "forged" when it does not verify. */
  #verify(token: string): { companyId: string; invoiceId: string } | "forged" | undefined {
    const match = /^([a-z2-7]+)\.([0-9a-z]{1,20})\.([a-z2-7]+)$/.exec(token);
    if (!match) return undefined;
    const company = unbase32(match[1]!.toLowerCase(), 16);
    const mac = unbase32(match[3]!.toLowerCase(), 10);
    if (!company || !mac) return "forged";
    const companyId = uuidText(company);
    const invoiceId = match[2]!.toLowerCase();
    const expected = this.#mac(companyId, invoiceId);
    return timingSafeEqual(mac, expected) ? { companyId, invoiceId } : "forged";
  }
}
