import { authMessages } from "@recoup/contracts";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";

import { FormNotice } from "@/components/form-notice";
import { useVerifyEmail } from "@/features/auth/api/verify-email";
import { AuthFooterLink } from "@/features/auth/components/auth-footer-link";
import { NewPasswordFields } from "@/features/auth/components/new-password-fields";
import { SubmitButton } from "@/features/auth/components/submit-button";
import { apiMessageOr, emailVerifiedMessage, verifyFailedMessage } from "@/features/auth/utils/auth-errors";
import { lazyResolver, preloadFormValidation } from "@/features/auth/utils/lazy-resolver";
import type { ChoosePasswordFormInput, choosePasswordFormSchema } from "@/features/auth/utils/schemas";

/**
 * The code is right but the password is not the account's current one (someone else may have
 * signed up with this address): the code holder chooses the password, and every other one stops
 * working.
 */
export function ChoosePasswordForm({ email, code }: { email: string; code: string }) {
  const form = useForm<ChoosePasswordFormInput, unknown, z.output<typeof choosePasswordFormSchema>>({
    resolver: lazyResolver((v) => v.zodResolver(v.choosePasswordFormSchema)),
    defaultValues: { newPassword: "", confirmPassword: "" },
  });
  const mutation = useVerifyEmail({ onSuccess: () => toast.success(emailVerifiedMessage) });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ newPassword }) => mutation.mutate({ email, code, newPassword }));

  return (
    <div className="grid gap-6">
      <form noValidate onFocus={preloadFormValidation} onSubmit={onSubmit} className="grid gap-4">
        <FormNotice
          notice={{
            kind: "error",
            text: mutation.error
              ? apiMessageOr(mutation.error, verifyFailedMessage)
              : authMessages.passwordMismatch,
          }}
        />
        <NewPasswordFields id="choose" register={form.register} errors={errors} />
        <SubmitButton pending={mutation.isPending} busyLabel="Saving...">
          Save password and log in
        </SubmitButton>
      </form>
      <AuthFooterLink to="/login" label="Back to login" />
    </div>
  );
}
