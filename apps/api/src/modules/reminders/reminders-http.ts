import { errorBodySchema } from "@recoup/contracts";
import { routeSchemas } from "../../lib/route-schemas.ts";

/** The reminders routes' schemas: their OpenAPI tag and security, and the errors any of them may answer. */
export const schemas = routeSchemas({
  tag: "reminders",
  errors: {
    400: errorBodySchema,
    401: errorBodySchema,
    403: errorBodySchema,
    404: errorBodySchema,
    409: errorBodySchema,
  },
});
