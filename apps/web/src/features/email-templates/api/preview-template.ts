import { apiPaths, type PreviewTemplateRequest, previewTemplateResponseSchema } from "@recoup/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { COLLECTIONS_KEY } from "@/lib/collections-query";

/**
 * POST /v1/business/templates/preview: the template (or unsaved edits) rendered with one of the
 * company's open invoices. A read, though sent as POST (the body can be long).
 */
export async function previewTemplate(input: PreviewTemplateRequest) {
  const res = await api.post(apiPaths.templates.preview, input, { schema: previewTemplateResponseSchema });
  return res.data;
}

// Under the collections key: a sync that changes the invoices renders the preview again.
export const templatePreviewQueryOptions = (input: PreviewTemplateRequest) =>
  queryOptions({
    queryKey: [COLLECTIONS_KEY, "template-preview", input],
    queryFn: () => previewTemplate(input),
    placeholderData: keepPreviousData,
  });

export function useTemplatePreview(input: PreviewTemplateRequest) {
  return useQuery(templatePreviewQueryOptions(input));
}
