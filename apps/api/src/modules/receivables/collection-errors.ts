import { errorBodySchema } from "@recoup/contracts";

/** The error answers every collections read can give (bad query, signed out, another company's, not found). */
export const collectionErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};
