import { authMessages } from "@recoup/contracts";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";

import { FormField, fieldA11y } from "@/components/form-field";
import { FormNotice } from "@/components/form-notice";
import { PasswordInput } from "@/components/password-input";
import { Input } from "@/components/ui/input";
import { useSignup } from "@/features/auth/api/signup";
import { AuthFooterLink } from "@/features/auth/components/auth-footer-link";
import { SocialSignIn } from "@/features/auth/components/social-sign-in";
import { SubmitButton } from "@/features/auth/components/submit-button";
import { signupErrorMessage } from "@/features/auth/utils/auth-errors";
import { lazyResolver, preloadFormValidation } from "@/features/auth/utils/lazy-resolver";
import type { SignupFormInput, signupFormSchema } from "@/features/auth/utils/schemas";

type SignupValues = z.output<typeof signupFormSchema>;

export function SignupForm({ onSignedUp }: { onSignedUp: (email: string, password: string) => void }) {
  const form = useForm<SignupFormInput, unknown, SignupValues>({
    resolver: lazyResolver((v) => v.zodResolver(v.signupFormSchema)),
    defaultValues: { firstName: "", lastName: "", email: "", password: "", confirmPassword: "" },
  });
  const mutation = useSignup();
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ confirmPassword: _confirm, ...body }) =>
    mutation.mutate(body, {
      onSuccess: () => {
        toast.success(authMessages.signupSuccess);
        onSignedUp(body.email, body.password);
      },
    }),
  );

  return (
    <div className="grid gap-6">
      <form noValidate onFocus={preloadFormValidation} onSubmit={onSubmit} className="grid gap-4">
        <FormNotice
          notice={mutation.error ? { kind: "error", text: signupErrorMessage(mutation.error) } : null}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="signup-first-name" label="First Name" error={errors.firstName?.message}>
            <Input
              {...fieldA11y("signup-first-name", errors.firstName?.message)}
              autoComplete="given-name"
              {...form.register("firstName")}
            />
          </FormField>
          <FormField id="signup-last-name" label="Last Name" error={errors.lastName?.message}>
            <Input
              {...fieldA11y("signup-last-name", errors.lastName?.message)}
              autoComplete="family-name"
              {...form.register("lastName")}
            />
          </FormField>
        </div>
        <FormField id="signup-email" label="Email" error={errors.email?.message}>
          <Input
            {...fieldA11y("signup-email", errors.email?.message)}
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            {...form.register("email")}
          />
        </FormField>
        <FormField id="signup-password" label="Password" error={errors.password?.message}>
          <PasswordInput
            {...fieldA11y("signup-password", errors.password?.message)}
            autoComplete="new-password"
            {...form.register("password")}
          />
        </FormField>
        <FormField
          id="signup-confirm-password"
          label="Confirm Password"
          error={errors.confirmPassword?.message}
        >
          <PasswordInput
            {...fieldA11y("signup-confirm-password", errors.confirmPassword?.message)}
            autoComplete="new-password"
            {...form.register("confirmPassword")}
          />
        </FormField>
        <SubmitButton pending={mutation.isPending} busyLabel="Creating account...">
          Create account
        </SubmitButton>
      </form>
      <SocialSignIn />
      <AuthFooterLink prompt="Already have an account?" to="/login" label="Sign in" />
    </div>
  );
}
