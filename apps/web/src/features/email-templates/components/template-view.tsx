import type { EmailTemplate } from "@recoup/contracts";

import { HtmlFrame } from "@/components/html-frame";

/** View mode: the stored subject and the sanitised HTML body, read-only. */
export function TemplateView({ template }: { template: EmailTemplate }) {
  return (
    <dl className="grid gap-4">
      <div className="grid gap-1.5">
        <dt className="text-sm font-medium">Subject</dt>
        <dd
          className="bg-muted/40 rounded-md border px-3 py-2 text-sm break-words"
          data-testid="template-subject"
        >
          {template.subject || <span className="text-muted-foreground">(no subject)</span>}
        </dd>
      </div>
      <div className="grid gap-1.5">
        <dt className="text-sm font-medium">Body</dt>
        <dd>
          <HtmlFrame title={`${template.name} body`} html={template.content} className="h-72" />
        </dd>
      </div>
    </dl>
  );
}
