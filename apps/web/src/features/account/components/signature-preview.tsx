import { HtmlFrame } from "@/components/html-frame";

/** The signature HTML, rendered in a sandboxed frame: no scripts, no same-origin access. */
export function SignaturePreview({ html }: { html: string }) {
  return <HtmlFrame title="Email signature preview" html={html} className="h-40" />;
}
