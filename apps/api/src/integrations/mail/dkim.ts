import { createPrivateKey, createPublicKey, generateKeyPairSync } from "node:crypto";
import { resolveTxt } from "node:dns/promises";

/** A DKIM key pair: the private key (PKCS#8 PEM) and the record's `p=` (base64 SPKI DER). */
export interface DkimKey {
  privateKey: string;
  publicKey: string;
}

/** A new 2048-bit RSA key (the size every receiver takes; 1024 is weak, 4096 overflows some DNS hosts). */
export function generateDkimKey(): DkimKey {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    publicKey: publicKey.export({ type: "spki", format: "der" }).toString("base64"),
  };
}

/** A pasted private key (PEM, PKCS#1 or PKCS#8, RSA 1024 bits or more), with its public half; throws when it is not one. */
export function readDkimKey(pem: string): DkimKey {
  const key = createPrivateKey(pem.trim());
  if (key.asymmetricKeyType !== "rsa") throw new Error("The DKIM key must be an RSA key.");
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < 1024) throw new Error("The DKIM key must have at least 1024 bits (2048 is usual).");
  return {
    privateKey: key.export({ type: "pkcs8", format: "pem" }).toString(),
    publicKey: createPublicKey(key).export({ type: "spki", format: "der" }).toString("base64"),
  };
}

/** The TXT record to publish at `<selector>._domainkey.<domain>`. */
export const dkimRecordValue = (publicKey: string) => `v=DKIM1; k=rsa; p=${publicKey}`;
export const dkimRecordName = (selector: string, domain: string) => `${selector}._domainkey.${domain}`;

/** The part of node:dns/promises that 'Check DNS' uses: injectable, so tests answer for it. */
export type TxtResolver = (name: string) => Promise<string[][]>;
export const systemResolver: TxtResolver = resolveTxt;

export type DnsCheckState = "ok" | "missing" | "wrong";

export interface DnsCheck {
  spf: { state: DnsCheckState; record: string | null; note: string };
  dkim: { state: DnsCheckState; record: string | null; note: string };
  dmarc: { state: DnsCheckState; record: string | null; note: string };
}

const NOT_FOUND = new Set(["ENODATA", "ENOTFOUND", "ENOTIMP", "NXDOMAIN"]);

/** The TXT strings at `name`, each record's chunks joined; none when the name has none. */
async function txt(resolver: TxtResolver, name: string): Promise<string[]> {
  try {
    return (await resolver(name)).map((chunks) => chunks.join(""));
  } catch (error) {
    if (NOT_FOUND.has((error as { code?: string }).code ?? "")) return [];
    throw error;
  }
}

/** `k=v` tags of a DKIM or DMARC record. */
const tags = (record: string) =>
  new Map(
    record
      .split(";")
      .map((t) => t.trim())
      .filter(Boolean)
      .map((t) => {
        const at = t.indexOf("=");
        return [t.slice(0, at).trim().toLowerCase(), t.slice(at + 1).replace(/\s+/g, "")] as const;
      }),
  );

/**
 * Reads the domain's SPF (`v=spf1` at the domain: it must allow Recoup's sending server, named by
 * `spfInclude` when known, e.g. the SMTP provider's `include:`), DKIM (the selector's record, with
 * this public key) and DMARC (`_dmarc.<domain>`), and says for each what is missing.
 */
export async function checkSendingDns(
  resolver: TxtResolver,
  domain: string,
  selector: string,
  publicKey: string,
  spfInclude?: string,
): Promise<DnsCheck> {
  const [rootTxt, dkimTxt, dmarcTxt] = await Promise.all([
    txt(resolver, domain),
    txt(resolver, dkimRecordName(selector, domain)),
    txt(resolver, `_dmarc.${domain}`),
  ]);
  const spfRecords = rootTxt.filter((r) => /^v=spf1(\s|$)/i.test(r));
  const spfRecord = spfRecords[0] ?? null;
  const spf: DnsCheck["spf"] =
    spfRecords.length === 0
      ? {
          state: "missing",
          record: null,
          note: `No SPF record: publish a TXT record at ${domain} starting v=spf1.`,
        }
      : spfRecords.length > 1
        ? {
            state: "wrong",
            record: spfRecord,
            note: "More than one SPF record: receivers treat that as none. Merge them into one.",
          }
        : spfInclude && !spfRecord!.toLowerCase().includes(spfInclude.toLowerCase())
          ? {
              state: "wrong",
              record: spfRecord,
              note: `The SPF record does not include ${spfInclude}, the server Recoup sends through.`,
            }
          : { state: "ok", record: spfRecord, note: "SPF record found." };

  const dkimRecord = dkimTxt.find((r) => tags(r).has("p")) ?? null;
  const dkim: DnsCheck["dkim"] = !dkimRecord
    ? {
        state: "missing",
        record: null,
        note: `No DKIM record at ${dkimRecordName(selector, domain)}: publish the record shown.`,
      }
    : tags(dkimRecord).get("p") !== publicKey
      ? {
          state: "wrong",
          record: dkimRecord,
          note: "The DKIM record there has another key: publish the record shown (it replaces the old one).",
        }
      : { state: "ok", record: dkimRecord, note: "DKIM record found with this key." };

  const dmarcRecord = dmarcTxt.find((r) => /^v=DMARC1(\s*;|$)/i.test(r)) ?? null;
  const policy = dmarcRecord ? tags(dmarcRecord).get("p") : undefined;
  const dmarc: DnsCheck["dmarc"] = !dmarcRecord
    ? {
        state: "missing",
        record: null,
        note: `No DMARC record: publish a TXT record at _dmarc.${domain}, e.g. "v=DMARC1; p=none".`,
      }
    : !policy || !["none", "quarantine", "reject"].includes(policy.toLowerCase())
      ? {
          state: "wrong",
          record: dmarcRecord,
          note: "The DMARC record has no valid policy (p=none, quarantine or reject).",
        }
      : { state: "ok", record: dmarcRecord, note: `DMARC record found (p=${policy}).` };
  return { spf, dkim, dmarc };
}
