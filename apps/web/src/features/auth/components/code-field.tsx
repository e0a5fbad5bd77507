import type { ComponentProps } from "react";

import { InputField } from "@/components/form-field";

type CodeFieldProps = Omit<
  ComponentProps<typeof InputField>,
  "label" | "inputMode" | "autoComplete" | "maxLength" | "placeholder" | "inputClassName"
>;

/** The emailed 6-digit code (verification, reset, login): digits, and the browser's one-time-code fill. */
export function CodeField(props: CodeFieldProps) {
  return (
    <InputField
      label="Verification Code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder="123456"
      inputClassName="tracking-[0.3em]"
      {...props}
    />
  );
}
