import type { OAuthCallbackRequest, OAuthProvider } from "@recoup/contracts";
import { useEffect } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";

import { oauthCallback } from "@/features/auth/api/oauth-callback";
import { ConnectingScreen } from "@/features/auth/components/connecting-screen";
import { useCompleteSignIn } from "@/features/auth/hooks/use-complete-sign-in";
import { oauthFailedMessage } from "@/features/auth/utils/auth-errors";

/** Returns already handled: an authorization code is single use, and StrictMode runs effects twice. */
const handled = new Set<string>();

/** /callback/google?code&state[&iss] and /callback/intuit?code&state[&realmId]. */
export function OAuthCallbackPage({ provider }: { provider: OAuthProvider }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();

  useEffect(() => {
    const key = `${provider}?${params.toString()}`;
    if (handled.has(key)) return;
    handled.add(key);
    const code = params.get("code");
    const state = params.get("state");
    const fail = () => {
      toast.error(oauthFailedMessage[provider]);
      navigate("/login", { replace: true });
    };
    if (params.get("error") || !code || !state) {
      fail();
      return;
    }
    const body: OAuthCallbackRequest = { code, state };
    const iss = params.get("iss");
    const realmId = params.get("realmId");
    if (iss) body.iss = iss;
    if (realmId) body.realmId = realmId;
    oauthCallback(provider, body).then(completeSignIn).catch(fail);
  }, [params, provider, navigate, completeSignIn]);

  return <ConnectingScreen />;
}
