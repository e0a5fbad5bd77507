import { apiPaths, type SaveTemplateRequest, saveTemplateResponseSchema } from "@recoup/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { type getTemplates, templatesQueryKey } from "@/features/email-templates/api/get-templates";
import { api } from "@/lib/api-client";

/** POST /v1/business/templates/save → the stored template (its HTML sanitised by the server). */
export async function saveTemplate(input: SaveTemplateRequest) {
  const res = await api.post(apiPaths.templates.save, input, { schema: saveTemplateResponseSchema });
  return res.data;
}

type Templates = Awaited<ReturnType<typeof getTemplates>>;

/** Saves, then puts the stored template (as the server keeps it) into the page's data. */
export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTemplate,
    onSuccess: (saved, input) => {
      queryClient.setQueryData<Templates>(templatesQueryKey(input.companyId), (old) =>
        old ? { ...old, templates: old.templates.map((t) => (t.type === saved.type ? saved : t)) } : old,
      );
    },
  });
}
