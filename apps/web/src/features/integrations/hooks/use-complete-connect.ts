import { quickbooksMessages } from "@recoup/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";

import { completeConnect } from "@/features/integrations/api/complete-connect";
import { useAuth } from "@/lib/auth/use-auth";
import { isApiError } from "@/lib/http";
import { writeDisconnectedFlag } from "@/lib/quickbooks/disconnected-flag";
import { expectSyncSoon, quickbooksStatusQueryKey } from "@/lib/quickbooks/status";

export const CONNECTED_MESSAGE = "QuickBooks connected";

/** Returns already handled: the code and state are single use, and StrictMode runs effects twice. */
const handled = new Set<string>();

/**
 * /callback/quickbooks?code&state&realmId (or ?error=access_denied&state): sends the code to the
 * API, which exchanges it, then goes back to /integrations with a toast either way.
 */
export function useCompleteConnect() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const email = user?.email;

  useEffect(() => {
    const key = params.toString();
    if (handled.has(key)) return;
    handled.add(key);
    const done = () => navigate("/integrations", { replace: true });
    const fail = (description?: string) => {
      toast.error(quickbooksMessages.connectFailed, description ? { description } : undefined);
      done();
    };
    const code = params.get("code");
    const state = params.get("state");
    const realmId = params.get("realmId");
    if (params.get("error") || !code || !state || !realmId) {
      fail();
      return;
    }
    completeConnect({ code, state, realmId })
      .then((status) => {
        writeDisconnectedFlag(false);
        if (email) queryClient.setQueryData(quickbooksStatusQueryKey(email), status);
        expectSyncSoon();
        toast.success(CONNECTED_MESSAGE);
        done();
      })
      // A 400 carries the API's own explanation (an expired link, a refused code).
      .catch((error: unknown) => fail(isApiError(error, 400) ? error.message : undefined));
  }, [params, navigate, queryClient, email]);
}
