/**
 * Links in rich text (spec section 5): only http, https, mailto, sms and tel addresses are kept;
 * any other address (javascript:, data:, ftp:, a relative path) becomes a blank address.
 */
export const allowedLinkSchemes = ["http", "https", "mailto", "sms", "tel"] as const;

// Browsers ignore these inside a URL's scheme ("java\tscript:"), so they are read without them.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
const IGNORED = /[\u0000-\u0020\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000]/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** True for an address with an allowed scheme, and for the blank address itself. */
export function isAllowedHref(href: string | null | undefined): boolean {
  const compact = (href ?? "").replace(IGNORED, "");
  if (compact === "") return true;
  const scheme = SCHEME.exec(compact)?.[1]?.toLowerCase();
  return scheme !== undefined && (allowedLinkSchemes as readonly string[]).includes(scheme);
}

/** The address to keep: the link's own when allowed, else "" (a blank address). */
export function safeHref(href: string | null | undefined): string {
  return href && isAllowedHref(href) ? href.trim() : "";
}
