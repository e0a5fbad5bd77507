import { escapeHtml } from "./html.ts";

/** The app's own emails (codes, notices): a title, paragraphs, an optional code and button. */
export function emailLayout(
  title: string,
  paragraphs: string[],
  code?: string,
  link?: { href: string; label: string },
) {
  const codeHtml = code
    ? `<p style="font-size:28px;font-weight:700;letter-spacing:6px;margin:24px 0">${code}</p>`
    : "";
  const linkHtml = link
    ? `<p><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:10px 18px;background:#111827;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>`
    : "";
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111827;max-width:520px;margin:auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}${codeHtml}${linkHtml}
<p style="color:#6b7280;font-size:12px;margin-top:32px">Recoup</p></body></html>`;
  const text = [
    title,
    "",
    ...paragraphs,
    ...(code ? ["", code] : []),
    ...(link ? ["", `${link.label}: ${link.href}`] : []),
  ]
    .join("\n")
    .concat("\n\nRecoup\n");
  return { html, text };
}
