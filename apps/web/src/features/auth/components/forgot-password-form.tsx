import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";

import { FormField, fieldA11y } from "@/components/form-field";
import { FormNotice } from "@/components/form-notice";
import { Input } from "@/components/ui/input";
import { useForgotPassword } from "@/features/auth/api/forgot-password";
import { AuthFooterLink } from "@/features/auth/components/auth-footer-link";
import { ResetPasswordStep } from "@/features/auth/components/reset-password-step";
import { SubmitButton } from "@/features/auth/components/submit-button";
import { sendResetErrorMessage } from "@/features/auth/utils/auth-errors";
import { lazyResolver, preloadFormValidation } from "@/features/auth/utils/lazy-resolver";
import type { ForgotEmailFormInput, forgotEmailFormSchema } from "@/features/auth/utils/schemas";

/** Two steps: the email gets a 6-digit code, then code + new password. */
export function ForgotPasswordForm({ onStepChange }: { onStepChange: (step: "email" | "verify") => void }) {
  const [resetFor, setResetFor] = useState<string | null>(null);
  const form = useForm<ForgotEmailFormInput, unknown, z.output<typeof forgotEmailFormSchema>>({
    resolver: lazyResolver((v) => v.zodResolver(v.forgotEmailFormSchema)),
    defaultValues: { email: "" },
  });
  const mutation = useForgotPassword();
  const emailError = form.formState.errors.email?.message;

  if (resetFor !== null) {
    return (
      <ResetPasswordStep
        email={resetFor}
        onBack={() => {
          // 'Back to email' resets the form.
          form.reset({ email: "" });
          mutation.reset();
          setResetFor(null);
          onStepChange("email");
        }}
      />
    );
  }

  return (
    <div className="grid gap-6">
      <form
        noValidate
        onFocus={preloadFormValidation}
        className="grid gap-4"
        onSubmit={form.handleSubmit(({ email }) =>
          mutation.mutate(
            { email },
            {
              onSuccess: () => {
                setResetFor(email);
                onStepChange("verify");
              },
            },
          ),
        )}
      >
        <FormNotice
          notice={mutation.error ? { kind: "error", text: sendResetErrorMessage(mutation.error) } : null}
        />
        <FormField id="forgot-email" label="Email" error={emailError}>
          <Input
            {...fieldA11y("forgot-email", emailError)}
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            {...form.register("email")}
          />
        </FormField>
        <SubmitButton pending={mutation.isPending} busyLabel="Sending...">
          Send reset code
        </SubmitButton>
      </form>
      <AuthFooterLink prompt="Remembered it?" to="/login" label="Back to login" />
    </div>
  );
}
