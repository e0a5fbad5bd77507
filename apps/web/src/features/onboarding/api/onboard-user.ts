import { apiPaths, type OnboardRequest, onboardResponseSchema } from "@recoup/contracts";
import { useMutation } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

/** POST /v1/business/onboard/onboard-user → { data: { companyId, isOnboarded: true, trialEnd } }. */
export async function onboardUser(body: OnboardRequest) {
  const res = await api.post(apiPaths.onboarding.onboardUser, body, { schema: onboardResponseSchema });
  return res.data;
}

export function useOnboardUser() {
  return useMutation({ mutationFn: onboardUser });
}
