import { type AgeReportQuery, ageReportQuerySchema } from "@recoup/contracts";

export type DisputedChoice = NonNullable<AgeReportQuery["disputed"]>;

/** The search param that keeps the choice in the URL (left out for the default, `include`). */
export const DISPUTED_PARAM = "disputed";

/** What the report does with disputed invoices, in the order offered. */
export const disputedChoices: { value: DisputedChoice; label: string }[] = [
  { value: "include", label: "Include disputed" },
  { value: "exclude", label: "Leave out disputed" },
  { value: "apart", label: "Show disputed apart" },
];

const choiceSchema = ageReportQuerySchema.shape.disputed;

/** The choice a URL's search params name; anything else is the default. */
export function parseDisputedChoice(params: URLSearchParams): DisputedChoice {
  const parsed = choiceSchema.safeParse(params.get(DISPUTED_PARAM) ?? undefined);
  return parsed.success ? parsed.data : "include";
}
