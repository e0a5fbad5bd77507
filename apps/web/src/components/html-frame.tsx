import { cn } from "@/lib/utils";

const BASE_STYLE = `body{margin:12px;font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#171717;background:#fff}
img{max-width:100%}p{margin:0 0 .75em}ul,ol{padding-left:1.5em}a{color:#1d4ed8}`;

/** A fragment of HTML becomes a whole document with a plain email look; a whole document stays as is. */
export function frameDocument(html: string): string {
  if (/^\s*(<!doctype|<html)/i.test(html)) return html;
  return `<!doctype html><html><head><meta charset="utf-8"><style>${BASE_STYLE}</style></head><body>${html}</body></html>`;
}

/**
 * User HTML (a signature, a template body, a rendered email) shown read-only in a sandboxed frame:
 * no scripts, no same-origin access, its links inert. White like an email, in both themes.
 */
export function HtmlFrame({ title, html, className }: { title: string; html: string; className?: string }) {
  return (
    <iframe
      title={title}
      sandbox=""
      srcDoc={frameDocument(html)}
      className={cn("w-full rounded-md border bg-white", className)}
    />
  );
}
