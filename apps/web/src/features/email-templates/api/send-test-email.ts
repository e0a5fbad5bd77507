import { apiPaths, type PreviewTemplateRequest, sendTestEmailResponseSchema } from "@recoup/contracts";
import { useMutation } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

/** POST /v1/business/templates/send-test: the preview, emailed to the signed-in user. */
export async function sendTestEmail(input: PreviewTemplateRequest) {
  const res = await api.post(apiPaths.templates.sendTest, input, { schema: sendTestEmailResponseSchema });
  return res.data;
}

export function useSendTestEmail() {
  return useMutation({ mutationFn: sendTestEmail });
}
