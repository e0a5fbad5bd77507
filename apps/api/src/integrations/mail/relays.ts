import { createHmac, timingSafeEqual } from "node:crypto";
import MailComposer from "nodemailer/lib/mail-composer/index.js";

/** How far a Mailgun timestamp may be from now, either way (as our own signature's). */
export const MAILGUN_TOLERANCE_SECONDS = 300;

const sameBytes = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);

/**
 * `Authorization: Basic …` against the configured `user:password` (SendGrid and Postmark post to a
 * URL that carries it: `https://user:password@host/…`), in constant time.
 */
export function basicAuthMatches(expected: string, header: string | undefined): boolean {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? "");
  if (!m) return false;
  const given = Buffer.from(m[1]!, "base64");
  // Compared as HMACs, so the lengths are equal and nothing is learned from the time taken.
  const key = "basic-auth";
  return sameBytes(
    createHmac("sha256", key).update(given).digest(),
    createHmac("sha256", key).update(expected).digest(),
  );
}

export interface MailgunSignature {
  timestamp?: string;
  token?: string;
  signature?: string;
}

/**
 * Mailgun's webhook signature: hex HMAC-SHA256 of `timestamp + token` with the webhook signing key,
 * the timestamp within MAILGUN_TOLERANCE_SECONDS of now. The token's single use is checked apart
 * (MailgunTokens).
 */
export function verifyMailgunSignature(signingKey: string, s: MailgunSignature, now: Date): boolean {
  const { timestamp, token, signature } = s;
  if (
    !timestamp ||
    !token ||
    !signature ||
    !/^\d{1,12}$/.test(timestamp) ||
    !/^[0-9a-f]{64}$/i.test(signature)
  )
    return false;
  if (token.length > 200) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > MAILGUN_TOLERANCE_SECONDS) return false;
  const expected = createHmac("sha256", signingKey).update(timestamp).update(token).digest();
  return sameBytes(Buffer.from(signature, "hex"), expected);
}

/**
 * Mailgun tokens seen within the tolerance window: a signed post replayed (same token) is refused.
 * In this process only: with several API processes behind a balancer a replay could land on
 * another one within the five minutes (decision 0022); the message itself is still stored once
 * (by its Message-ID and bytes).
 */
export class MailgunTokens {
  private seen = new Map<string, number>();

  /** True the first time a token is used; false for a replay. */
  use(token: string, now: Date): boolean {
    const t = now.getTime();
    for (const [k, expires] of this.seen) {
      if (expires > t) break;
      this.seen.delete(k);
    }
    if ((this.seen.get(token) ?? 0) > t) return false;
    this.seen.set(token, t + 2 * MAILGUN_TOLERANCE_SECONDS * 1000);
    return true;
  }
}

/** Postmark's inbound webhook JSON, as far as Recoup reads it. */
export interface PostmarkInbound {
  From?: string;
  FromFull?: { Email: string; Name?: string };
  To?: string;
  ToFull?: { Email: string; Name?: string }[];
  Cc?: string;
  CcFull?: { Email: string; Name?: string }[];
  ReplyTo?: string;
  OriginalRecipient?: string;
  Subject?: string;
  Date?: string;
  TextBody?: string;
  HtmlBody?: string;
  Headers?: { Name: string; Value: string }[];
  Attachments?: { Name: string; Content: string; ContentType: string; ContentID?: string }[];
  /** With "Include raw email content in JSON payload" ticked on the server's inbound stream. */
  RawEmail?: string;
}

const address = (a: { Email: string; Name?: string }) => ({ address: a.Email, name: a.Name ?? "" });

/** Headers Postmark lists that the composed message sets itself (or that describe its old MIME). */
const COMPOSED = new Set([
  "from",
  "to",
  "cc",
  "subject",
  "date",
  "reply-to",
  "message-id",
  "mime-version",
  "content-type",
  "content-transfer-encoding",
]);

/**
 * The message a Postmark post describes: its `RawEmail` when the stream sends it, else one composed
 * from its fields (addresses, subject, date, the original Message-ID, In-Reply-To and References,
 * auto-reply headers from `Headers`, text, HTML and attachments), which the pipeline reads as it
 * reads any message.
 */
export async function postmarkMessage(p: PostmarkInbound): Promise<Buffer> {
  if (typeof p.RawEmail === "string" && p.RawEmail.length > 0) return Buffer.from(p.RawEmail, "utf8");
  const headers = p.Headers ?? [];
  const header = (name: string) => headers.find((h) => h.Name.toLowerCase() === name)?.Value;
  const date = p.Date ? new Date(p.Date) : undefined;
  const composer = new MailComposer({
    from: p.FromFull ? address(p.FromFull) : p.From,
    to: p.ToFull?.length ? p.ToFull.map(address) : p.To,
    ...(p.CcFull?.length ? { cc: p.CcFull.map(address) } : p.Cc ? { cc: p.Cc } : {}),
    ...(p.ReplyTo ? { replyTo: p.ReplyTo } : {}),
    subject: p.Subject ?? "",
    ...(date && !Number.isNaN(date.getTime()) ? { date } : {}),
    ...(header("message-id") ? { messageId: header("message-id") } : {}),
    text: p.TextBody ?? "",
    ...(p.HtmlBody ? { html: p.HtmlBody } : {}),
    attachments: (p.Attachments ?? []).map((a) => ({
      filename: a.Name,
      content: Buffer.from(a.Content, "base64"),
      contentType: a.ContentType,
      ...(a.ContentID ? { cid: a.ContentID.replace(/^<|>$/g, "") } : {}),
    })),
    headers: headers
      .filter((h) => !COMPOSED.has(h.Name.toLowerCase()))
      .map((h) => ({ key: h.Name, value: h.Value })),
  });
  return composer.compile().build();
}

/** The envelope recipients SendGrid's `envelope` field names (`{"to":[…],"from":…}`), if it reads. */
export function sendgridEnvelopeTo(envelope: string | undefined): string[] {
  if (!envelope) return [];
  try {
    const parsed = JSON.parse(envelope) as { to?: unknown };
    return Array.isArray(parsed.to) ? parsed.to.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
}
