import { zodResolver } from "@hookform/resolvers/zod";
import {
  companySizes,
  companyTypes,
  errorCodes,
  type OnboardRequest,
  type OnboardRequestInput,
  onboardRequestSchema,
} from "@recoup/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { toast } from "sonner";

import { FormField, fieldA11y, InputField } from "@/components/form-field";
import { FormNotice } from "@/components/form-notice";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { useOnboardUser } from "@/features/onboarding/api/onboard-user";
import { ChoiceField } from "@/features/onboarding/components/choice-field";
import { useAuth } from "@/lib/auth/use-auth";
import { fetchUserDetails, userDetailsQueryKey } from "@/lib/auth/user-details";
import { isApiError } from "@/lib/http";
import { browserTimeZone, timeZoneOptions } from "@/lib/time-zones";

const saveFailed = "We could not save your company details. Please try again.";

export function OnboardingForm({ email }: { email: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { setIsOnboarded, updateUser } = useAuth();
  const defaultZone = useMemo(browserTimeZone, []);
  const zones = useMemo(() => timeZoneOptions(defaultZone), [defaultZone]);
  const form = useForm<OnboardRequestInput, unknown, OnboardRequest>({
    resolver: zodResolver(onboardRequestSchema),
    defaultValues: { company_name: "", email, timezone: defaultZone },
  });
  const mutation = useOnboardUser();
  const { errors } = form.formState;

  const finish = (companyId: string | null) => {
    setIsOnboarded(true);
    updateUser({ companyId, isOnboarded: true });
    void queryClient.invalidateQueries({ queryKey: userDetailsQueryKey });
    navigate("/dashboard", { replace: true });
  };

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: (data) => finish(data.companyId),
      onError: async (error) => {
        if (isApiError(error, 409, errorCodes.alreadyOnboarded)) {
          const details = await fetchUserDetails().catch(() => null);
          if (details?.isOnboarded) return finish(details.companyId);
        }
        toast.error(isApiError(error) && error.status > 0 ? error.message : saveFailed);
      },
    }),
  );

  const apiError = mutation.error
    ? isApiError(mutation.error) && mutation.error.status > 0
      ? mutation.error.message
      : saveFailed
    : null;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <FormNotice notice={apiError ? { kind: "error", text: apiError } : null} />
      <InputField
        id="company-name"
        label="Company name"
        error={errors.company_name?.message}
        autoComplete="organization"
        placeholder="Acme Plumbing LLC"
        {...form.register("company_name")}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <ChoiceField
          control={form.control}
          name="company_type"
          id="company-type"
          label="Company type"
          error={errors.company_type?.message}
          placeholder="Choose a type"
          choices={companyTypes}
        />
        <ChoiceField
          control={form.control}
          name="company_size"
          id="company-size"
          label="Company size"
          error={errors.company_size?.message}
          placeholder="Choose a size"
          choices={companySizes}
          labelOf={(size) => (size === "Just me" ? size : `${size} people`)}
        />
      </div>
      <InputField
        id="avg-invoices"
        label="Average invoices per month"
        error={errors.avg_invoices?.message}
        hint="A rough number is fine."
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        placeholder="40"
        {...form.register("avg_invoices", { valueAsNumber: true })}
      />
      <FormField
        id="timezone"
        label="Time zone"
        error={errors.timezone?.message}
        hint="Reminders are sent in the morning of this time zone."
      >
        <NativeSelect
          {...fieldA11y("timezone", errors.timezone?.message, true)}
          {...form.register("timezone")}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id="onboarding-email" label="Email" hint="Your sign-in email.">
        <Input
          id="onboarding-email"
          aria-describedby="onboarding-email-hint"
          type="email"
          value={email}
          readOnly
          className="bg-muted/50"
        />
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? "Saving..." : "Continue to dashboard"}
      </Button>
    </form>
  );
}
