import { errorCodes } from "@recoup/contracts";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";

import { FormField } from "@/components/form-field";
import { FormNotice, type Notice } from "@/components/form-notice";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useResendVerification } from "@/features/auth/api/resend-verification";
import { useVerifyEmail } from "@/features/auth/api/verify-email";
import { AuthFooterLink } from "@/features/auth/components/auth-footer-link";
import { CodeField } from "@/features/auth/components/code-field";
import { SubmitButton } from "@/features/auth/components/submit-button";
import { apiMessageOr, emailVerifiedMessage, verifyFailedMessage } from "@/features/auth/utils/auth-errors";
import { lazyResolver, preloadFormValidation } from "@/features/auth/utils/lazy-resolver";
import type { VerifyCodeFormInput, verifyCodeFormSchema } from "@/features/auth/utils/schemas";
import { isApiError } from "@/lib/http";

interface VerifyEmailPanelProps {
  email: string;
  /** The password just typed (signup, or a login refused as unverified): it goes with the code. */
  password: string;
  notice?: Notice;
  /** The code is right but the password is not the account's: its holder chooses one. */
  onPasswordMismatch: (code: string) => void;
}

const resendFailed = "We could not send a new code. Please try again.";

/**
 * After signup (or an unverified login): the 6-digit code from the email, and a resend. The code
 * proves the inbox; the password says who keeps the account, so it goes with the code, and a
 * verified email signs in.
 */
export function VerifyEmailPanel({ email, password, notice, onPasswordMismatch }: VerifyEmailPanelProps) {
  const form = useForm<VerifyCodeFormInput, unknown, z.output<typeof verifyCodeFormSchema>>({
    resolver: lazyResolver((v) => v.zodResolver(v.verifyCodeFormSchema)),
    defaultValues: { code: "" },
  });
  const verify = useVerifyEmail({ onSuccess: () => toast.success(emailVerifiedMessage) });
  const resend = useResendVerification();
  const { errors } = form.formState;

  const error = verify.error ?? resend.error;
  const shown: Notice | undefined = error
    ? { kind: "error", text: apiMessageOr(error, verify.error ? verifyFailedMessage : resendFailed) }
    : notice;

  return (
    <div className="grid gap-6">
      <form
        noValidate
        onFocus={preloadFormValidation}
        className="grid gap-4"
        onSubmit={form.handleSubmit((values) => {
          resend.reset();
          verify.mutate(
            { email, code: values.code, password },
            {
              onError: (failure) => {
                if (isApiError(failure, 409, errorCodes.passwordMismatch)) onPasswordMismatch(values.code);
              },
            },
          );
        })}
      >
        <FormNotice notice={shown} />
        <FormField id="verify-email" label="Email">
          <Input id="verify-email" type="email" value={email} readOnly className="bg-muted/50" />
        </FormField>
        <CodeField
          id="verify-code"
          error={errors.code?.message}
          hint="The 6-digit code from our email."
          {...form.register("code")}
        />
        <SubmitButton pending={verify.isPending} busyLabel="Verifying...">
          Verify email
        </SubmitButton>
        <Button
          variant="outline"
          className="w-full"
          disabled={resend.isPending}
          onClick={() => {
            verify.reset();
            resend.mutate({ email }, { onSuccess: (text) => toast.success(text) });
          }}
        >
          {resend.isPending ? "Sending..." : "Resend code"}
        </Button>
      </form>
      <AuthFooterLink to="/login" label="Back to login" />
    </div>
  );
}
