/** Where a message belongs, from its header alone: what even an unreadable message tells. */
import { createHash } from "node:crypto";
import { addresses, headerText, ids } from "./header-values.ts";
import type { InboundEnvelope } from "./inbound-records.ts";
import { MIME_LIMITS, type MimeLimits, topHeaderBlock } from "./mime-shape.ts";
import { type ReadMail, readMail } from "./read-mail.ts";

export const envelopeOf = (mail: ReadMail, envelopeTo: string[], sha256: string): InboundEnvelope => {
  const recipients = [
    ...envelopeTo.map((a) => a.trim().toLowerCase()),
    ...addresses(mail.to),
    ...addresses(mail.cc),
    ...headerText(mail.headers.get("x-original-to"))
      .toLowerCase()
      .split(/[\s,]+/),
    ...headerText(mail.headers.get("delivered-to"))
      .toLowerCase()
      .split(/[\s,]+/),
  ].filter((a) => a.includes("@"));
  return {
    // A message without an id gets one from its content, so a relay's retry is still one message.
    messageId: ids(mail.messageId)[0] ?? `<${sha256}@inbound.recoup.invalid>`,
    inReplyTo: ids(mail.inReplyTo)[0] ?? null,
    references: [...new Set([...ids(mail.inReplyTo), ...ids(mail.references).reverse()])],
    from: addresses(mail.from)[0] ?? "",
    recipients: [...new Set(recipients)],
    subject: mail.subject ?? "",
    sha256,
  };
};

export const sha256Of = (raw: Buffer) => createHash("sha256").update(raw).digest("hex");

/**
 * The envelope of a message that could not be read whole, from its own header block alone (read
 * within a second); a header that cannot be read either gives an envelope of the relay's
 * recipients only.
 */
export async function inboundEnvelope(
  raw: Buffer,
  envelopeTo: string[],
  limits: MimeLimits = MIME_LIMITS,
): Promise<InboundEnvelope> {
  const sha256 = sha256Of(raw);
  const empty: ReadMail = { headers: new Map(), text: "", html: null, attachments: [] };
  const mail = await readMail(topHeaderBlock(raw, limits.maxHeaderBytes), Date.now() + 1000).catch(
    () => empty,
  );
  return envelopeOf(mail, envelopeTo, sha256);
}
