import type { LoginCodeChallenge } from "@recoup/contracts";
import { useForm } from "react-hook-form";
import type { z } from "zod";

import { FormNotice, type Notice } from "@/components/form-notice";
import { Button } from "@/components/ui/button";
import { useLoginWithCode } from "@/features/auth/api/login-code";
import { CodeField } from "@/features/auth/components/code-field";
import { SubmitButton } from "@/features/auth/components/submit-button";
import { apiMessageOr, loginCodeFailedMessage } from "@/features/auth/utils/auth-errors";
import { lazyResolver, preloadFormValidation } from "@/features/auth/utils/lazy-resolver";
import type { VerifyCodeFormInput, verifyCodeFormSchema } from "@/features/auth/utils/schemas";

interface LoginCodeStepProps {
  step: LoginCodeChallenge;
  onBack: () => void;
}

/**
 * A login from a browser the account does not know, while the account sees failed logins: the
 * 6-digit code emailed to the account finishes it. The server answers this step the same whether
 * or not the password was right, so the hint says what a missing email means.
 */
export function LoginCodeStep({ step, onBack }: LoginCodeStepProps) {
  const form = useForm<VerifyCodeFormInput, unknown, z.output<typeof verifyCodeFormSchema>>({
    resolver: lazyResolver((v) => v.zodResolver(v.verifyCodeFormSchema)),
    defaultValues: { code: "" },
  });
  const mutation = useLoginWithCode();
  const { errors } = form.formState;
  const shown: Notice | undefined = mutation.error
    ? { kind: "error", text: apiMessageOr(mutation.error, loginCodeFailedMessage) }
    : undefined;

  return (
    <form
      noValidate
      onFocus={preloadFormValidation}
      className="grid gap-4"
      onSubmit={form.handleSubmit((values) =>
        mutation.mutate({ email: step.email, challenge: step.challenge, code: values.code }),
      )}
    >
      <FormNotice notice={shown} />
      <CodeField
        id="login-code"
        error={errors.code?.message}
        hint="No email within a few minutes? The password may have been mistyped: go back and log in again."
        {...form.register("code")}
      />
      <SubmitButton pending={mutation.isPending} busyLabel="Logging in...">
        Login
      </SubmitButton>
      <Button type="button" variant="outline" className="w-full" onClick={onBack}>
        Back to login
      </Button>
    </form>
  );
}
