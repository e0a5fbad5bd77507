import { apiPaths, type VerifyEmailCheckRequest } from "@recoup/contracts";
import { useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

/**
 * POST /v1/auth/verify-email/check { email, code } → whether the emailed link still verifies its
 * address (false once it is verified, or the code has expired or been replaced).
 */
export async function checkVerifyLink(body: VerifyEmailCheckRequest) {
  const res = await api.post(apiPaths.auth.verifyEmailCheck, body, {
    auth: false,
    schema: () => import("@/lib/response-schemas").then((m) => m.verifyEmailCheckResponseSchema),
  });
  return res.data.open;
}

/** Asked afresh each time the link lands on the login form; nothing while there is no link. */
export function useVerifyLinkOpen(link: VerifyEmailCheckRequest | undefined) {
  return useQuery({
    queryKey: ["verify-link", link],
    queryFn: () => checkVerifyLink(link!),
    enabled: link !== undefined,
    staleTime: 0,
    gcTime: 0,
  });
}
