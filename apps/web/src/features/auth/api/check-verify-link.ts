import { apiPaths, type VerifyEmailCheckRequest } from "@recoup/contracts";
import { useEffect, useState } from "react";

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

/** "asking" until the API answers; "unknown" when it could not (the login then tries the code). */
export type VerifyLinkState = "asking" | "open" | "closed" | "unknown";

/**
 * Asks once per link whether it still verifies; undefined without a link. Plain state rather
 * than a query, so /login does not load TanStack Query's observer for one request.
 */
export function useVerifyLinkState(link: VerifyEmailCheckRequest | undefined): VerifyLinkState | undefined {
  const email = link?.email;
  const code = link?.code;
  const key = email && code ? `${email} ${code}` : undefined;
  const [answer, setAnswer] = useState<{ key: string; state: VerifyLinkState }>();
  useEffect(() => {
    if (!email || !code) return;
    let current = true;
    const settle = (state: VerifyLinkState) => current && setAnswer({ key: `${email} ${code}`, state });
    checkVerifyLink({ email, code }).then(
      (open) => settle(open ? "open" : "closed"),
      () => settle("unknown"),
    );
    return () => {
      current = false;
    };
  }, [email, code]);
  if (!key) return undefined;
  return answer?.key === key ? answer.state : "asking";
}
