import { useQuery } from "@tanstack/react-query";

import { useAuth } from "@/lib/auth/use-auth";
import { userDetailsQueryOptions } from "@/lib/auth/user-details";

/** The signed-in user's details (GET /v1/auth/user/details), once there is a session. */
export function useUserDetails() {
  const { isAuthenticated } = useAuth();
  return useQuery({ ...userDetailsQueryOptions(), enabled: isAuthenticated === true });
}
