import type { ComponentProps, ReactNode } from "react";

import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

/** Ids for an input's hint and error, to wire into aria-describedby. */
export function fieldA11y(id: string, error?: string, hint?: boolean) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
  } as const;
}

interface FormFieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Something at the end of the label row, such as a 'Forgot your password' link. */
  labelAside?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A real <label>, the control, then its hint and its error (announced). */
export function FormField({ id, label, error, hint, labelAside, className, children }: FormFieldProps) {
  return (
    <div className={cn("grid content-start gap-2", className)}>
      <div className="flex min-h-4 items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type InputFieldProps = Omit<FormFieldProps, "children"> &
  Omit<ComponentProps<typeof Input>, "id" | "className"> & {
    inputClassName?: string;
  };

/** A FormField around an Input, the input wired to the field's hint and error. */
export function InputField({
  id,
  label,
  error,
  hint,
  labelAside,
  className,
  inputClassName,
  ...input
}: InputFieldProps) {
  return (
    <FormField id={id} label={label} error={error} hint={hint} labelAside={labelAside} className={className}>
      <Input {...fieldA11y(id, error, hint !== undefined)} className={inputClassName} {...input} />
    </FormField>
  );
}
