import { apiPaths, messageResponseSchema } from "@recoup/contracts";
import { useMutation } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

/** DELETE /v1/business/quickbooks/data?email= → { data: { message } }: only once disconnected. */
export async function deleteSyncedData(email: string) {
  const res = await api.request(apiPaths.quickbooks.data, {
    method: "DELETE",
    query: { email },
    schema: messageResponseSchema,
  });
  return res.data;
}

export function useDeleteSyncedData() {
  return useMutation({ mutationFn: deleteSyncedData });
}
