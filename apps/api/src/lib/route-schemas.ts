import { errorBodySchema } from "@recoup/contracts";
import type { ZodType } from "zod";

/** A route's answers by status code, as its OpenAPI `response` lists them. */
export type Answers = Record<number, ZodType>;

/** The error body, answered under each of these status codes. */
export const errorAnswers = <C extends number>(...codes: C[]) =>
  Object.fromEntries(codes.map((code) => [code, errorBodySchema])) as Record<C, typeof errorBodySchema>;

/** What a route may add to its OpenAPI entry: a description, and a media type other than JSON. */
export interface RouteDoc {
  description?: string;
  produces?: string[];
}

/**
 * The schemas of one API area's routes, each declared in one call: its input (a query string or a
 * JSON body) and its answers, plus what every route of the area shares: the OpenAPI tag, bearer
 * security (unless the area is public) and the errors any of its routes may answer.
 */
export function routeSchemas<E extends Answers>(area: { tag: string; errors: E; public?: boolean }) {
  const shared = area.public ? { tags: [area.tag] } : { security: [{ bearer: [] }], tags: [area.tag] };
  return {
    none: <A extends Answers>(answers: A) => ({
      schema: { ...shared, response: { ...answers, ...area.errors } },
    }),
    params: <P extends ZodType, A extends Answers>(params: P, answers: A) => ({
      schema: { ...shared, params, response: { ...answers, ...area.errors } },
    }),
    query: <Q extends ZodType, A extends Answers>(querystring: Q, answers: A, doc: RouteDoc = {}) => ({
      schema: { ...shared, ...doc, querystring, response: { ...answers, ...area.errors } },
    }),
    body: <B extends ZodType, A extends Answers>(body: B, answers: A, doc: RouteDoc = {}) => ({
      schema: { ...shared, ...doc, body, response: { ...answers, ...area.errors } },
    }),
  };
}
