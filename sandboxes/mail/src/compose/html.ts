/** The little HTML handling a reply needs: escaping, a body's inside, a rough text version. */

export function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** The inside of <body> when there is one. */
export function bodyOf(html: string): string {
  const match = /<body[^>]*>([\s\S]*?)(?:<\/body>|$)/i.exec(html);
  return match ? match[1]! : html;
}

/** A rough text version of HTML (for quoting an HTML-only original or an HTML-only reply). */
export function htmlToPlain(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, "")
    .replace(/<br\s*\/?>|<\/(p|div|li|tr|h[1-6])>/gi, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
