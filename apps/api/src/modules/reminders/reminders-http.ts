import { errorAnswers, routeSchemas } from "../../lib/route-schemas.ts";

/** The reminders routes' schemas: their OpenAPI tag and security, and the errors any of them may answer. */
export const schemas = routeSchemas({
  tag: "reminders",
  errors: errorAnswers(400, 401, 403, 404, 409),
});
