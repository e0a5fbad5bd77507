import type { Tokens } from "@recoup/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";

import { useAuth } from "@/lib/auth/use-auth";
import { fetchUserDetails, userDetailsQueryKey } from "@/lib/auth/user-details";

/**
 * After login or a provider callback: fetch the user's details with the new id token, then store
 * tokens and user together (so the guards never see a half-signed-in state), then navigate.
 */
export function useCompleteSignIn() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  return useCallback(
    async (tokens: Pick<Tokens, "AccessToken" | "IdToken">) => {
      const details = await fetchUserDetails(tokens.IdToken);
      signIn(tokens, details);
      queryClient.setQueryData(userDetailsQueryKey, details);
      navigate(details.isOnboarded ? "/dashboard" : "/onboarding", { replace: true });
    },
    [signIn, navigate, queryClient],
  );
}
