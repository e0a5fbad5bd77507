/** The pages the sandboxes serve (sign-in, consent, portal, inbox): escaping, and the page shell. */

/** Escapes text for HTML content and double- or single-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/**
 * A whole page: UTF-8, a mobile viewport, no favicon request (the browser would ask for one), its
 * stylesheet and any `head` extras, then `body` as it is (already HTML).
 */
export function htmlPage(page: { title: string; stylesheet: string; head?: string; body: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${escapeHtml(page.stylesheet)}">
${page.head ? `${page.head}\n` : ""}</head>
<body>
${page.body}
</body>
</html>
`;
}
