const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text made safe inside HTML text and double- or single-quoted attributes. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * Text made safe inside HTML text and double-quoted attributes, escaped as sanitize-html writes
 * it (an apostrophe left as it is), so that sanitising it changes nothing.
 */
export const escapeHtmlAsSanitized = (value: string) => value.replace(/[&<>"]/g, (c) => ESCAPES[c]!);
