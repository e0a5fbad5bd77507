import type { OnboardRequest, OnboardRequestInput } from "@recoup/contracts";
import { type Control, Controller } from "react-hook-form";

import { FormField, fieldA11y } from "@/components/form-field";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

/** One of the onboarding form's choices (company type, company size), as a labelled Select. */
export function ChoiceField({
  control,
  name,
  id,
  label,
  error,
  placeholder,
  choices,
  labelOf = (choice) => choice,
}: {
  control: Control<OnboardRequestInput, unknown, OnboardRequest>;
  name: "company_type" | "company_size";
  id: string;
  label: string;
  error?: string;
  placeholder: string;
  choices: readonly string[];
  labelOf?: (choice: string) => string;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Select value={field.value ?? ""} onValueChange={field.onChange}>
            <SelectTrigger {...fieldA11y(id, error)} className="w-full" onBlur={field.onBlur}>
              <SelectValue placeholder={placeholder} />
            </SelectTrigger>
            <SelectContent>
              {choices.map((choice) => (
                <SelectItem key={choice} value={choice}>
                  {labelOf(choice)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </FormField>
  );
}
