import type { DisputeRequest } from "@recoup/contracts";

import { disputePath } from "@/features/customer-page/api/paths";
import { useCustomerAction } from "@/features/customer-page/api/post-customer-action";

/** POST /v1/pay/:token/dispute { invoiceId, reason, message } → the sentence that confirms it. */
export function usePostDispute(token: string) {
  return useCustomerAction<DisputeRequest>(disputePath(token), token);
}
