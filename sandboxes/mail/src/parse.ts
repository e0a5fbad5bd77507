import { randomUUID } from "node:crypto";
import { type AddressObject, type EmailAddress, type HeaderValue, simpleParser } from "mailparser";
import type { GeneratedInfo, StoredMail } from "./store.ts";

export interface Envelope {
  from: string;
  to: string[];
}

/** Parses a raw RFC 5322 message into the stored shape. */
export async function parseMessage(
  raw: Buffer,
  envelope: Envelope,
  receivedAt = new Date(),
  generated?: GeneratedInfo,
): Promise<StoredMail> {
  const parsed = await simpleParser(raw, { skipImageLinks: true });
  const from = addressesOf(parsed.from)[0] ?? envelope.from;
  const date = parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date : receivedAt;
  return {
    id: randomUUID(),
    from,
    to: addressesOf(parsed.to),
    cc: addressesOf(parsed.cc),
    envelope,
    subject: parsed.subject ?? "",
    text: parsed.text ?? "",
    html: parsed.html || "",
    headers: headersOf(parsed.headerLines, parsed.headers),
    messageId: parsed.messageId ?? null,
    date: date.toISOString(),
    receivedAt: receivedAt.toISOString(),
    attachments: parsed.attachments.map((a) => ({
      filename: a.filename ?? null,
      contentType: a.contentType,
      size: a.size,
    })),
    direction: generated ? "inbound" : "outbound",
    ...(generated ? { generated } : {}),
    raw,
  };
}

function addressesOf(value: AddressObject | AddressObject[] | undefined): string[] {
  if (!value) return [];
  const objects = Array.isArray(value) ? value : [value];
  return objects.flatMap((object) => flatten(object.value));
}

function flatten(list: EmailAddress[]): string[] {
  return list.flatMap((entry) => (entry.group ? flatten(entry.group) : entry.address ? [entry.address] : []));
}

function isAddressObject(value: unknown): value is AddressObject {
  return typeof value === "object" && value !== null && "value" in value && "text" in value;
}

/**
 * Header values as strings: mailparser's decoded value when it is a plain string or an address list,
 * otherwise the raw line (unfolded). Repeated headers (e.g. Received) are joined with newlines.
 */
function headersOf(
  lines: ReadonlyArray<{ key: string; line: string }>,
  parsed: Map<string, HeaderValue>,
): Record<string, string> {
  const values = new Map<string, string[]>();
  for (const { key, line } of lines) {
    const name = key.toLowerCase();
    const rawValue = line
      .slice(line.indexOf(":") + 1)
      .replace(/\r?\n[ \t]+/g, " ")
      .trim();
    const list = values.get(name) ?? [];
    list.push(rawValue);
    values.set(name, list);
  }
  const headers: Record<string, string> = {};
  for (const [name, list] of values) {
    const decoded = list.length === 1 ? parsed.get(name) : undefined;
    if (typeof decoded === "string") headers[name] = decoded;
    else if (isAddressObject(decoded)) headers[name] = decoded.text;
    else headers[name] = list.join("\n");
  }
  return headers;
}
