import type { UseFormRegisterReturn } from "react-hook-form";

import { FormField, fieldA11y } from "@/components/form-field";
import { PasswordInput } from "@/components/password-input";

interface NewPasswordFieldsProps {
  /** Prefix of the inputs' ids, one per form. */
  id: string;
  newPassword: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  errors: { newPassword?: string; confirmPassword?: string };
}

/** 'New Password' and 'Confirm New Password', each with its show/hide toggle. */
export function NewPasswordFields({ id, newPassword, confirmPassword, errors }: NewPasswordFieldsProps) {
  return (
    <>
      <FormField id={`${id}-new-password`} label="New Password" error={errors.newPassword}>
        <PasswordInput
          {...fieldA11y(`${id}-new-password`, errors.newPassword)}
          autoComplete="new-password"
          {...newPassword}
        />
      </FormField>
      <FormField id={`${id}-confirm-password`} label="Confirm New Password" error={errors.confirmPassword}>
        <PasswordInput
          {...fieldA11y(`${id}-confirm-password`, errors.confirmPassword)}
          autoComplete="new-password"
          {...confirmPassword}
        />
      </FormField>
    </>
  );
}
