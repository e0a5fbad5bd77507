/**
 * Links however a draft writes them: HTML and Markdown links (whatever their target), anything
 * with a scheme (`https://`, `mailto:`, `tel:`, `javascript:`), `www.` names, IP addresses, dotted
 * names with a path ("evil.example/pay"), bare domains with a known ending ("evil-pay.com") and
 * domains written in ROT13 ("rivy-cnl.pbz").
 */
import { collect, type Sheet, trailing, type Verdict } from "./sheet.ts";
import { isTld } from "./tlds.ts";

const HTML_LINK =
  /<\s*(?:a|img|iframe|form|script|link|area|base|object|embed|meta|button|input|video|audio|source|svg|image)\b[^>]*>|\b(?:href|src|srcset|action|formaction)\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi;
const MARKDOWN_LINK =
  /!?\[[^\]\n]{0,300}\]\([^)\n]{0,500}\)|!?\[[^\]\n]{1,300}\]\[[^\]\n]{0,100}\]|^[ \t]{0,3}\[[^\]\n]+\]:[ \t]*\S+|<(?:[a-z][a-z0-9+.-]*:|www\.)[^>\s]+>/gim;
const SCHEME =
  /\b[a-z][a-z0-9+.-]{1,31}:\/\/[^\s<>"'`]*|\b(?:mailto|tel|sms|callto|javascript|vbscript|data|file|whatsapp|tg|skype|bitcoin|ethereum|litecoin|upi|venmo|paypal|cashapp|intent|market|facetime|viber|wa):(?!\/\/)[^\s<>"'`]+/gi;
const WWW = /\bwww\d{0,3}\.[^\s<>"'`]+/gi;
const IP = /(?<![\p{N}.])(?:\d{1,3}\.){3}\d{1,3}(?::\d{1,5})?(?:\/[^\s<>"'`]*)?(?![\p{N}]|\.\d)/gu;

const LABEL = "[\\p{L}\\p{N}][\\p{L}\\p{N}-]{0,62}";
const DOTTED = `(?<![\\p{L}\\p{N}@.-])(?:${LABEL}\\.)+(\\p{L}{2,63})`;
const WITH_PATH = new RegExp(`${DOTTED}(?::\\d{1,5})?\\/[^\\s<>"'\`]*`, "gu");
const BARE = new RegExp(`${DOTTED}(?::\\d{1,5})?(?![\\p{L}\\p{N}-]|\\.[\\p{L}\\p{N}])`, "gu");

const rot13 = (text: string) =>
  text.replace(/[a-z]/gi, (c) => {
    const base = c <= "Z" ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });

/** A link up to its last character that is not the sentence's punctuation. */
const link = (m: RegExpExecArray, extra: Partial<Verdict> = {}): Verdict | null => {
  const length = trailing(m[0]);
  return length > 0 ? { kind: "link", length, ...extra } : null;
};

/** The kind of a link with a scheme: an email address for `mailto:`, a phone number for `tel:`. */
function schemeLink(m: RegExpExecArray): Verdict | null {
  const found = link(m);
  if (!found) return null;
  const [scheme, ...rest] = m[0].slice(0, found.length).split(":");
  const target = rest.join(":");
  if (/^mailto$/i.test(scheme!)) return { ...found, kind: "email address", reads: target };
  if (/^(?:tel|sms|callto)$/i.test(scheme!)) return { ...found, kind: "phone number", reads: target };
  return found;
}

/** HTML and Markdown links, and links with a scheme (before email addresses: `mailto:`). */
export function findLinkMarkup(sheet: Sheet): void {
  collect(sheet, HTML_LINK, () => ({ kind: "link", markup: true }));
  collect(sheet, MARKDOWN_LINK, () => ({ kind: "link", markup: true }));
  collect(sheet, SCHEME, schemeLink);
}

/** Web addresses without a scheme (after email addresses, whose domains they would take). */
export function findWebAddresses(sheet: Sheet): void {
  collect(sheet, WWW, (m) => link(m));
  collect(sheet, IP, (m) =>
    m[0]
      .split(/[:/]/)[0]!
      .split(".")
      .every((octet) => Number(octet) <= 255 && !/^0\d/.test(octet))
      ? link(m)
      : null,
  );
  collect(sheet, WITH_PATH, (m) => link(m));
  collect(sheet, BARE, (m) => (isTld(m[1]!) ? { kind: "link" } : null));
  // ROT13: "rivy-cnl.pbz" is evil-pay.com; only common endings, or every "x.js" would be one.
  collect(sheet, BARE, (m) => {
    const tld = rot13(m[1]!);
    return tld.length > 2 && isTld(tld) ? { kind: "link", reads: rot13(m[0]) } : null;
  });
}
