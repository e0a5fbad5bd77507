import { apiPaths, type UpdateProfileFields, updateProfileResponseSchema } from "@recoup/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { profileQueryKey } from "@/features/account/api/get-profile";
import { api } from "@/lib/api-client";
import { useAuth } from "@/lib/auth/use-auth";
import { userDetailsQueryKey } from "@/lib/auth/user-details";

/** A picture as the form holds it: unchanged (omitted), a new file, or removed (""). */
export type ImageChange = { kind: "unchanged" } | { kind: "new"; file: File } | { kind: "removed" };

export interface UpdateProfileInput extends UpdateProfileFields {
  profilePic: ImageChange;
  companyLogo: ImageChange;
}

export function toFormData({ profilePic, companyLogo, ...fields }: UpdateProfileInput): FormData {
  const data = new FormData();
  data.set("userName", fields.userName);
  data.set("email", fields.email);
  data.set("companyId", fields.companyId);
  data.set("signature", fields.signature);
  if (fields.howToPay !== undefined) data.set("howToPay", fields.howToPay);
  for (const [name, change] of [
    ["profilePic", profilePic],
    ["companyLogo", companyLogo],
  ] as const) {
    if (change.kind === "new") data.set(name, change.file, change.file.name);
    if (change.kind === "removed") data.set(name, "");
  }
  return data;
}

/** POST /v1/business/settings/update-profile (multipart) → { data: <profile> }. */
export async function updateProfile(input: UpdateProfileInput) {
  const res = await api.post(apiPaths.settings.updateProfile, toFormData(input), {
    schema: updateProfileResponseSchema,
  });
  return res.data;
}

/** Saves, then refreshes what shows the name and picture elsewhere (the user menu). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const { updateUser } = useAuth();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile, input) => {
      queryClient.setQueryData(profileQueryKey(input.companyId, input.email), profile);
      const name = profile.userData[0]?.name;
      if (name) updateUser({ name });
      return queryClient.invalidateQueries({ queryKey: userDetailsQueryKey });
    },
  });
}
