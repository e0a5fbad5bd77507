import { apiPaths, type UserDetails } from "@recoup/contracts";
import { queryOptions } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

/**
 * Shared by sign-in (auth), the user menu (shell) and the profile save (account). The hook is in
 * use-user-details.ts, so sign-in (on /login) does not load the query observer with it.
 */
export const userDetailsQueryKey = ["auth", "user-details"] as const;

/** GET /v1/auth/user/details; `idToken` right after login, before the session is stored. */
export async function fetchUserDetails(idToken?: string): Promise<UserDetails> {
  const res = await api.get(apiPaths.auth.userDetails, {
    schema: () => import("@/lib/response-schemas").then((m) => m.userDetailsResponseSchema),
    token: idToken,
  });
  return res.data;
}

export const userDetailsQueryOptions = () =>
  queryOptions({ queryKey: userDetailsQueryKey, queryFn: () => fetchUserDetails() });
