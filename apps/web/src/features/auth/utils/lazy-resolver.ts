import type { FieldValues, Resolver } from "react-hook-form";

type FormValidation = typeof import("@/features/auth/utils/form-validation");

let loading: Promise<FormValidation> | null = null;

/** The forms' validation (zod, the schemas, the resolver), loaded once; a failed load is retried. */
export function loadFormValidation(): Promise<FormValidation> {
  loading ??= import("@/features/auth/utils/form-validation").catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Starts the load early (a form's first focus), so the first submit need not wait for it. */
export function preloadFormValidation() {
  loadFormValidation().catch(() => {
    // The submit tries again.
  });
}

/**
 * A react-hook-form resolver that loads the validation on first use, then validates exactly as
 * `zodResolver(schema)` does: `resolver: lazyResolver((v) => v.zodResolver(v.loginFormSchema))`.
 */
export function lazyResolver<Input extends FieldValues, Output>(
  pick: (validation: FormValidation) => Resolver<Input, unknown, Output>,
): Resolver<Input, unknown, Output> {
  return async (values, context, options) => pick(await loadFormValidation())(values, context, options);
}
