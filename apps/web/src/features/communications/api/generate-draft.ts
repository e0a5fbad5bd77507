import { apiPaths, type DraftEmailQuery, draftEmailResponseSchema } from "@recoup/contracts";
import { useMutation } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

/**
 * GET /v1/business/gemini/draft-email: a reminder written for this invoice from its facts and
 * history (by the built-in composer, or a configured model whose figures were checked).
 */
export async function generateDraft(query: DraftEmailQuery) {
  const res = await api.get(apiPaths.communications.draft, {
    query: { ...query },
    schema: draftEmailResponseSchema,
  });
  return res.data;
}

/** Each 'Generate draft' asks afresh (a model may write another one), so it is an action, not a cached read. */
export function useGenerateDraft() {
  return useMutation({ mutationFn: generateDraft });
}
