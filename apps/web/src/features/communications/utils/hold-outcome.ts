import type { HoldResponse } from "@recoup/contracts";
import { toast } from "sonner";

import { isApiError } from "@/lib/http";

/**
 * The toast after a change to a promise or a dispute: the API's own sentence either way (a date
 * refused, an invoice already paid), or `failed` when the call itself failed. Answers whether it
 * worked, so a dialog knows to close.
 */
export function toastHoldOutcome(pending: Promise<HoldResponse>, failed: string): Promise<boolean> {
  return pending.then(
    (res) => {
      toast.success(res.message);
      return true;
    },
    (error: unknown) => {
      const refused = isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401;
      toast.error(refused ? error.message : failed);
      return false;
    },
  );
}
