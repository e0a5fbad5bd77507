import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { uuidBytes, uuidText } from "./uuid-bytes.ts";

/**
 * The customer page's link tokens: `<id>.<mac>`, the id a random UUID (16 bytes) and the MAC an
 * HMAC-SHA256 of it (128 bits), both base64url. A forged or altered token is refused before the
 * database is read; the row the id names says whose page it opens, until when, and whether revoked.
 */
export class LinkTokens {
  readonly #key: Buffer;

  constructor(secret: string) {
    this.#key = createHmac("sha256", secret).update("recoup customer page link").digest();
  }

  #mac(id: Buffer) {
    return createHmac("sha256", this.#key).update(id).digest().subarray(0, 16);
  }

  /** The token that carries an id (a new one by default): the same id always gives the same token. */
  mint(id: string = randomUUID()): { id: string; token: string } {
    const bytes = uuidBytes(id);
    return { id, token: `${bytes.toString("base64url")}.${this.#mac(bytes).toString("base64url")}` };
  }

  /** The id a genuine token carries; undefined for anything forged, altered or malformed. */
  read(token: string): string | undefined {
    const match = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/.exec(token);
    if (!match) return undefined;
    const id = Buffer.from(match[1]!, "base64url");
    const mac = Buffer.from(match[2]!, "base64url");
    if (id.length !== 16 || mac.length !== 16 || !timingSafeEqual(mac, this.#mac(id))) return undefined;
    // Re-encoding must give the same text: base64url has several spellings of the last character.
    if (id.toString("base64url") !== match[1] || mac.toString("base64url") !== match[2]) return undefined;
    return uuidText(id);
  }
}
