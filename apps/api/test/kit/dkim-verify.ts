/**
 * A DKIM verifier for the tests (RFC 6376, rsa-sha256, relaxed or simple canonicalisation),
 * against the public key the company publishes: what a receiving server does with a signed
 * email, with node:crypto alone.
 */
import { createHash, createPublicKey, verify } from "node:crypto";

interface Header {
  name: string;
  /** The header as it came, folded lines and all, without its final CRLF. */
  raw: string;
}

function split(raw: Buffer) {
  const text = raw.toString("latin1").replace(/\r?\n/g, "\r\n");
  const at = text.indexOf("\r\n\r\n");
  const head = at < 0 ? text : text.slice(0, at);
  const body = at < 0 ? "" : text.slice(at + 4);
  const headers: Header[] = [];
  for (const line of head.split("\r\n")) {
    if (/^[ \t]/.test(line) && headers.length) headers[headers.length - 1]!.raw += `\r\n${line}`;
    else headers.push({ name: line.slice(0, line.indexOf(":")).trim().toLowerCase(), raw: line });
  }
  return { headers, body };
}

const relaxedHeader = (h: Header) => {
  const value = h.raw
    .slice(h.raw.indexOf(":") + 1)
    .replace(/\r\n(?=[ \t])/g, "")
    .replace(/[ \t]+/g, " ")
    .trim();
  return `${h.name}:${value}`;
};

function canonicalBody(body: string, mode: string) {
  let lines = body.split("\r\n");
  if (mode === "relaxed") lines = lines.map((l) => l.replace(/[ \t]+/g, " ").replace(/ $/, ""));
  while (lines.length && lines[lines.length - 1] === "") lines.pop();
  return mode === "relaxed" && lines.length === 0 ? "" : `${lines.join("\r\n")}\r\n`;
}

const tags = (value: string) =>
  new Map(
    value
      .split(";")
      .map((t) => t.trim())
      .filter(Boolean)
      .map(
        (t) => [t.slice(0, t.indexOf("=")).trim(), t.slice(t.indexOf("=") + 1).replace(/\s+/g, "")] as const,
      ),
  );

/** The DKIM-Signature's tags and whether it verifies against `publicKey` (base64 SPKI, the record's p=). */
export function verifyDkim(raw: Buffer, publicKey: string) {
  const { headers, body } = split(raw);
  const sigHeader = headers.find((h) => h.name === "dkim-signature");
  if (!sigHeader) return { ok: false, reason: "no DKIM-Signature" } as const;
  const sig = tags(sigHeader.raw.slice(sigHeader.raw.indexOf(":") + 1).replace(/\r\n/g, ""));
  const [headerMode = "simple", bodyMode = "simple"] = (sig.get("c") ?? "simple/simple").split("/");
  if (sig.get("a") !== "rsa-sha256") return { ok: false, reason: `algorithm ${sig.get("a")}`, sig } as const;
  const bh = createHash("sha256").update(canonicalBody(body, bodyMode!), "latin1").digest("base64");
  if (bh !== sig.get("bh")) return { ok: false, reason: "body hash", sig } as const;
  // Each signed header from the bottom up, as many times as h= names it.
  const left = [...headers];
  const signed: string[] = [];
  for (const name of (sig.get("h") ?? "").toLowerCase().split(":")) {
    const i = left.map((h) => h.name).lastIndexOf(name.trim());
    if (i < 0) continue;
    const h = left.splice(i, 1)[0]!;
    signed.push(headerMode === "relaxed" ? relaxedHeader(h) : h.raw);
  }
  const own = { ...sigHeader, raw: sigHeader.raw.replace(/(\bb=)[^;]*/, "$1") };
  const data = `${signed.map((s) => `${s}\r\n`).join("")}${headerMode === "relaxed" ? relaxedHeader(own) : own.raw}`;
  const key = createPublicKey({ key: Buffer.from(publicKey, "base64"), format: "der", type: "spki" });
  const ok = verify("sha256", Buffer.from(data, "latin1"), key, Buffer.from(sig.get("b") ?? "", "base64"));
  return { ok, reason: ok ? "pass" : "signature", sig } as const;
}
