/**
 * A message's own words and the quoted history below them. The server gives `replyText` (the text
 * without the quoted part); whatever else `text` holds is the history, shown only on request.
 */
export function splitQuoted(message: { text: string; replyText: string }): { own: string; quoted: string } {
  const text = message.text.trim();
  const own = message.replyText.trim() || text;
  if (own === text) return { own, quoted: "" };
  const at = text.indexOf(own);
  const quoted = at >= 0 ? `${text.slice(0, at)}${text.slice(at + own.length)}`.trim() : text;
  return { own, quoted };
}
