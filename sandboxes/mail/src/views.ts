import type { StoredMail } from "./store.ts";

export interface InboxView {
  messages: StoredMail[];
  selected?: StoredMail | undefined;
  to?: string | undefined;
  missingId?: string | undefined;
  notFound?: boolean;
}

/** Escapes text for HTML content and double- or single-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

const h = escapeHtml;

function formatDate(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

function withFilter(path: string, to: string | undefined): string {
  return to ? `${path}?to=${encodeURIComponent(to)}` : path;
}

function listItem(message: StoredMail, view: InboxView): string {
  const current = view.selected?.id === message.id ? ' aria-current="page"' : "";
  const href = withFilter(`/messages/${encodeURIComponent(message.id)}`, view.to);
  return `<li><a href="${h(href)}"${current}>
  <span class="row"><span class="from">${h(message.from || "(no sender)")}</span>
  <time datetime="${h(message.date)}">${h(formatDate(message.date))}</time></span>
  <span class="subject">${h(message.subject || "(no subject)")}</span>
  <span class="to">To: ${h(message.to.join(", ") || message.envelope.to.join(", "))}</span>
</a></li>`;
}

function messageList(view: InboxView): string {
  const heading = view.to ? `Messages to ${h(view.to)}` : "Inbox";
  const items = view.messages.length
    ? `<ul class="messages">${view.messages.map((m) => listItem(m, view)).join("\n")}</ul>`
    : `<p class="empty">${view.to ? "No messages to this address." : "No messages yet."}</p>`;
  return `<nav class="list" aria-labelledby="list-heading">
<h2 id="list-heading">${heading} <span class="count">(${view.messages.length})</span></h2>
${items}
</nav>`;
}

function metaRow(label: string, value: string): string {
  return value ? `<dt>${label}</dt><dd>${h(value)}</dd>` : "";
}

/** The HTML body goes into a sandboxed frame (no scripts, opaque origin); links open in a new tab. */
function htmlFrame(html: string): string {
  const doc = `<!doctype html><meta charset="utf-8"><base target="_blank">${html}`;
  return `<iframe class="body-frame" title="HTML body" sandbox="allow-popups allow-popups-to-escape-sandbox" referrerpolicy="no-referrer" srcdoc="${h(doc)}"></iframe>`;
}

function reader(view: InboxView): string {
  const message = view.selected;
  if (!message) {
    const text = view.missingId ? "This message no longer exists." : "Select a message to read it.";
    return `<section class="reader empty-reader" aria-label="Message"><p>${text}</p></section>`;
  }
  const id = encodeURIComponent(message.id);
  const attachments = message.attachments.length
    ? `<h3>Attachments</h3><ul class="attachments">${message.attachments
        .map(
          (a) => `<li>${h(a.filename ?? "(unnamed)")} <span>${h(a.contentType)}, ${a.size} bytes</span></li>`,
        )
        .join("")}</ul>`
    : "";
  const bcc = message.envelope.to.filter(
    (a) => ![...message.to, ...message.cc].some((b) => b.toLowerCase() === a.toLowerCase()),
  );
  return `<article class="reader" aria-labelledby="subject">
<h2 id="subject">${h(message.subject || "(no subject)")}</h2>
<dl class="meta">
${metaRow("From", message.headers.from ?? message.from)}
${metaRow("To", message.headers.to ?? message.to.join(", "))}
${metaRow("Cc", message.headers.cc ?? "")}
${metaRow("Bcc", bcc.join(", "))}
${metaRow("Reply-To", message.headers["reply-to"] ?? "")}
<dt>Date</dt><dd><time datetime="${h(message.date)}">${h(formatDate(message.date))}</time></dd>
${metaRow("Message-ID", message.messageId ?? "")}
</dl>
<p class="links"><a href="/api/messages/${id}">JSON</a> · <a href="/api/messages/${id}/raw" download="message.eml">Source (.eml)</a></p>
<section aria-labelledby="html-heading">
<h3 id="html-heading">HTML</h3>
${message.html ? htmlFrame(message.html) : '<p class="none">This message has no HTML body.</p>'}
</section>
<section aria-labelledby="text-heading">
<h3 id="text-heading">Plain text</h3>
${message.text ? `<pre class="text-body">${h(message.text)}</pre>` : '<p class="none">This message has no text body.</p>'}
</section>
${attachments}
</article>`;
}

export function renderInbox(view: InboxView): string {
  const title = view.notFound
    ? "Not found"
    : view.selected
      ? view.selected.subject || "(no subject)"
      : `Inbox (${view.messages.length})`;
  const main = view.notFound
    ? `<main class="notfound"><h2>Page not found</h2><p><a href="/">Back to the inbox</a></p></main>`
    : `<main class="layout">${messageList(view)}${reader(view)}</main>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${h(title)} · Mail sandbox</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/inbox.css">
<script src="/inbox.js" defer></script>
</head>
<body>
<header class="top">
<h1><a href="/">Mail sandbox</a></h1>
<form class="filter" method="get" action="/" role="search">
<label for="to">Recipient</label>
<input id="to" name="to" type="search" placeholder="name@example.com" value="${h(view.to ?? "")}">
<button type="submit">Filter</button>
${view.to ? '<a href="/">Show all</a>' : ""}
</form>
<form method="post" action="/clear"><button type="submit" class="danger">Clear inbox</button></form>
</header>
${main}
</body>
</html>
`;
}
