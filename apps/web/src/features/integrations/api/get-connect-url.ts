import { apiPaths, quickbooksConnectResponseSchema } from "@recoup/contracts";

import { api } from "@/lib/api-client";

/** GET /v1/business/quickbooks/connect → the Intuit authorize URL, with a fresh single-use state. */
export async function getConnectUrl(): Promise<string> {
  const res = await api.get(apiPaths.quickbooks.connect, { schema: quickbooksConnectResponseSchema });
  return res.data.url;
}
