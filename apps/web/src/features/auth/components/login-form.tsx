import { errorCodes, type LoginCodeChallenge, type LoginRequest } from "@recoup/contracts";
import { useMutation } from "@tanstack/react-query";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { toast } from "sonner";

import { FormField } from "@/components/form-field";
import { FormNotice, type Notice } from "@/components/form-notice";
import { PasswordInput } from "@/components/password-input";
import { Input } from "@/components/ui/input";
import { login } from "@/features/auth/api/login";
import { verifyEmail } from "@/features/auth/api/verify-email";
import { AuthFooterLink } from "@/features/auth/components/auth-footer-link";
import { SocialSignIn } from "@/features/auth/components/social-sign-in";
import { SubmitButton } from "@/features/auth/components/submit-button";
import { useCompleteSignIn } from "@/features/auth/hooks/use-complete-sign-in";
import { emailVerifiedMessage, loginErrorOutcome } from "@/features/auth/utils/auth-errors";
import { lazyResolver, preloadFormValidation } from "@/features/auth/utils/lazy-resolver";
import type { LoginFormInput } from "@/features/auth/utils/schemas";
import { isApiError } from "@/lib/http";

interface LoginFormProps {
  defaultEmail?: string;
  notice?: Notice;
  /** From the emailed link: this login also verifies the address with the code. */
  verifyCode?: string;
  onNeedsVerification: (email: string, password: string, message: string) => void;
  /** The link's code is right but the password is not the account's: its holder chooses one. */
  onPasswordMismatch: (email: string, code: string) => void;
  /** The link's code was used or has expired. */
  onVerifyCodeRefused: (email: string) => void;
  /** 'Use another email' beside the address locked to the link: forget the link. */
  onUseAnotherEmail: () => void;
  /** The email field takes the focus (after 'Use another email'). */
  focusEmail?: boolean;
  /** A new browser while the account sees failed logins: the emailed code finishes the login. */
  onCodeRequired: (step: LoginCodeChallenge) => void;
}

/** A quiet link beside a field's label ('Forgot your password?', 'Use another email'). */
const asideLink = "text-muted-foreground hover:text-foreground text-sm underline-offset-4 hover:underline";

export function LoginForm({
  defaultEmail = "",
  notice,
  verifyCode,
  onNeedsVerification,
  onPasswordMismatch,
  onVerifyCodeRefused,
  onUseAnotherEmail,
  focusEmail = false,
  onCodeRequired,
}: LoginFormProps) {
  const completeSignIn = useCompleteSignIn();
  const form = useForm<LoginFormInput, unknown, LoginRequest>({
    resolver: lazyResolver((v) => v.zodResolver(v.loginFormSchema)),
    defaultValues: { email: defaultEmail, password: "" },
  });
  const mutation = useMutation({
    mutationFn: async (values: LoginRequest) => {
      const result = verifyCode ? await verifyEmail({ ...values, code: verifyCode }) : await login(values);
      if ("codeRequired" in result) return result;
      await completeSignIn(result);
      return null;
    },
    onSuccess: (codeStep) => {
      if (codeStep) onCodeRequired(codeStep);
      else if (verifyCode) toast.success(emailVerifiedMessage);
    },
    onError: (error, values) => {
      if (verifyCode && isApiError(error, 409, errorCodes.passwordMismatch)) {
        onPasswordMismatch(values.email, verifyCode);
      } else if (verifyCode && isApiError(error, 400, errorCodes.invalidCode)) {
        onVerifyCodeRefused(values.email);
      } else {
        const outcome = loginErrorOutcome(error);
        if (outcome.needsVerification) onNeedsVerification(values.email, values.password, outcome.message);
      }
    },
  });
  const { setFocus } = form;
  useEffect(() => {
    if (focusEmail) setFocus("email");
  }, [focusEmail, setFocus]);
  const { errors } = form.formState;
  // The link's code belongs to its address.
  const locked = verifyCode !== undefined;
  const validationError = errors.email?.message ?? errors.password?.message;
  const failure = mutation.error ? loginErrorOutcome(mutation.error) : null;
  const shown: Notice | undefined =
    validationError !== undefined
      ? { kind: "error", text: validationError }
      : failure && !failure.needsVerification
        ? { kind: "error", text: failure.message }
        : notice;

  return (
    <div className="grid gap-6">
      <form
        noValidate
        onFocus={preloadFormValidation}
        onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
        className="grid gap-4"
      >
        <FormNotice id="login-notice" notice={shown} />
        <FormField
          id="login-email"
          label="Email"
          labelAside={
            locked ? (
              <button type="button" className={asideLink} onClick={onUseAnotherEmail}>
                Use another email
              </button>
            ) : null
          }
        >
          <Input
            id="login-email"
            // The one message for both fields is the notice above the form.
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? "login-notice" : undefined}
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            readOnly={locked}
            className={locked ? "bg-muted/50" : undefined}
            {...form.register("email")}
          />
        </FormField>
        <FormField
          id="login-password"
          label="Password"
          labelAside={
            <Link to="/forgot-password" className={asideLink}>
              Forgot your password?
            </Link>
          }
        >
          <PasswordInput
            id="login-password"
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? "login-notice" : undefined}
            autoComplete="current-password"
            {...form.register("password")}
          />
        </FormField>
        <SubmitButton pending={mutation.isPending} busyLabel="Logging in...">
          Login
        </SubmitButton>
      </form>
      <SocialSignIn />
      <AuthFooterLink prompt="Don't have an account?" to="/signup" label="Sign up" />
    </div>
  );
}
