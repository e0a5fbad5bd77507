import { errorBodySchema } from "@recoup/contracts";

/** The errors every reminders route may answer, and its OpenAPI security and tag. */
export const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
export const secured = { security: [{ bearer: [] }], tags: ["reminders"] };
