import type { PromiseRequest } from "@recoup/contracts";

import { promisePath } from "@/features/customer-page/api/paths";
import { useCustomerAction } from "@/features/customer-page/api/post-customer-action";

/** POST /v1/pay/:token/promise { invoiceIds, date, note? } → the sentence that confirms it. */
export function usePostPromise(token: string) {
  return useCustomerAction<PromiseRequest>(promisePath(token), token);
}
