import { apiPaths, messageResponseSchema } from "@recoup/contracts";
import { useMutation } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

/** GET /v1/business/callback/revoke-token?email= → { data: { message } }: revokes at Intuit. */
export async function disconnectQuickbooks(email: string) {
  const res = await api.get(apiPaths.quickbooks.revoke, { query: { email }, schema: messageResponseSchema });
  return res.data;
}

export function useDisconnectQuickbooks() {
  return useMutation({ mutationFn: disconnectQuickbooks });
}
