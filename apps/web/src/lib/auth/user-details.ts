import { apiPaths, type UserDetails, userDetailsResponseSchema } from "@recoup/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { useAuth } from "@/lib/auth/use-auth";

/** Shared by sign-in (auth), the user menu (shell) and the profile save (account). */
export const userDetailsQueryKey = ["auth", "user-details"] as const;

/** GET /v1/auth/user/details; `idToken` right after login, before the session is stored. */
export async function fetchUserDetails(idToken?: string): Promise<UserDetails> {
  const res = await api.get(apiPaths.auth.userDetails, { schema: userDetailsResponseSchema, token: idToken });
  return res.data;
}

export const userDetailsQueryOptions = () =>
  queryOptions({ queryKey: userDetailsQueryKey, queryFn: () => fetchUserDetails() });

export function useUserDetails() {
  const { isAuthenticated } = useAuth();
  return useQuery({ ...userDetailsQueryOptions(), enabled: isAuthenticated === true });
}
