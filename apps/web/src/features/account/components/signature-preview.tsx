/** The signature HTML, rendered in a sandboxed frame: no scripts, no same-origin access. */
export function SignaturePreview({ html }: { html: string }) {
  const doc = `<!doctype html><html><head><meta charset="utf-8"><style>
body{margin:12px;font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#171717;background:#fff}
img{max-width:100%}
</style></head><body>${html}</body></html>`;
  return (
    <iframe
      title="Email signature preview"
      sandbox=""
      srcDoc={doc}
      className="h-40 w-full rounded-md border bg-white"
    />
  );
}
