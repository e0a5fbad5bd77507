import {
  apiPaths,
  type QuickbooksStatusResponse,
  quickbooksCallbackRequestSchema,
  quickbooksStatusResponseSchema,
} from "@recoup/contracts";
import type { z } from "zod";

import { api } from "@/lib/api-client";

export type CompleteConnectInput = z.infer<typeof quickbooksCallbackRequestSchema>;

/**
 * POST /v1/business/quickbooks/callback { code, state, realmId } → the new connection status.
 * The server checks the state is this user's, exchanges the code and queues the first sync.
 */
export async function completeConnect(input: CompleteConnectInput): Promise<QuickbooksStatusResponse> {
  return api.post(apiPaths.quickbooks.callback, quickbooksCallbackRequestSchema.parse(input), {
    schema: quickbooksStatusResponseSchema,
  });
}
