import type { UseFormRegisterReturn } from "react-hook-form";

import { FormField, fieldA11y } from "@/components/form-field";
import { PasswordInput } from "@/components/password-input";

type Name = "newPassword" | "confirmPassword";

interface NewPasswordFieldsProps {
  /** Prefix of the inputs' ids, one per form. */
  id: string;
  /** The form's `register`; its schema has both fields. */
  register: (name: Name) => UseFormRegisterReturn;
  errors: Partial<Record<Name, { message?: string }>>;
}

const fields = [
  { name: "newPassword", suffix: "new-password", label: "New Password" },
  { name: "confirmPassword", suffix: "confirm-password", label: "Confirm New Password" },
] as const;

/** 'New Password' and 'Confirm New Password', each with its show/hide toggle. */
export function NewPasswordFields({ id, register, errors }: NewPasswordFieldsProps) {
  return fields.map(({ name, suffix, label }) => {
    const fieldId = `${id}-${suffix}`;
    const error = errors[name]?.message;
    return (
      <FormField key={name} id={fieldId} label={label} error={error}>
        <PasswordInput {...fieldA11y(fieldId, error)} autoComplete="new-password" {...register(name)} />
      </FormField>
    );
  });
}
