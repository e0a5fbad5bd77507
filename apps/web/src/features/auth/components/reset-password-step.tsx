import { authMessages } from "@recoup/contracts";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import type { z } from "zod";

import { FormField, fieldA11y } from "@/components/form-field";
import { FormNotice } from "@/components/form-notice";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useResetPassword } from "@/features/auth/api/reset-password";
import { CodeField } from "@/features/auth/components/code-field";
import { NewPasswordFields } from "@/features/auth/components/new-password-fields";
import { SubmitButton } from "@/features/auth/components/submit-button";
import { resetErrorMessage } from "@/features/auth/utils/auth-errors";
import { lazyResolver, preloadFormValidation } from "@/features/auth/utils/lazy-resolver";
import type { ResetFormInput, resetFormSchema } from "@/features/auth/utils/schemas";

/** The forgot-password verify step: email, code, new password twice. */
export function ResetPasswordStep({ email, onBack }: { email: string; onBack: () => void }) {
  const navigate = useNavigate();
  const form = useForm<ResetFormInput, unknown, z.output<typeof resetFormSchema>>({
    resolver: lazyResolver((v) => v.zodResolver(v.resetFormSchema)),
    defaultValues: { email, code: "", newPassword: "", confirmPassword: "" },
  });
  const mutation = useResetPassword();
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ confirmPassword: _confirm, ...body }) =>
    mutation.mutate(body, {
      onSuccess: () => {
        toast.success(authMessages.resetSuccess);
        navigate("/login", { state: { email: body.email } });
      },
    }),
  );

  return (
    <form noValidate onFocus={preloadFormValidation} onSubmit={onSubmit} className="grid gap-4">
      <FormNotice
        notice={mutation.error ? { kind: "error", text: resetErrorMessage(mutation.error) } : null}
      />
      <FormField id="reset-email" label="Email" error={errors.email?.message}>
        <Input
          {...fieldA11y("reset-email", errors.email?.message)}
          type="email"
          autoComplete="email"
          {...form.register("email")}
        />
      </FormField>
      <CodeField id="reset-code" error={errors.code?.message} {...form.register("code")} />
      <NewPasswordFields id="reset" register={form.register} errors={errors} />
      <SubmitButton pending={mutation.isPending} busyLabel="Resetting...">
        Reset password
      </SubmitButton>
      <Button variant="ghost" className="w-full" onClick={onBack}>
        Back to email
      </Button>
    </form>
  );
}
