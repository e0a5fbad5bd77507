import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from "fastify";
import type { AppContext } from "../../context.ts";
import { assertOwnCompany, assertOwnEmail, authenticate, currentCompanyId } from "./authenticate.ts";

/** Where the spec's calls repeat the tenant (for compatibility): it must name the caller's own. */
const COMPANY_KEYS = ["companyId", "company_id"] as const;

/**
 * Every company id and email a request names, in its path, query or JSON body, must be the
 * caller's own. `email` in these routes always names the caller; data addresses use other names.
 */
export function assertOwnNames(request: FastifyRequest, ...sources: unknown[]) {
  for (const source of sources) {
    if (!source || typeof source !== "object") continue;
    const named = source as Record<string, unknown>;
    for (const key of COMPANY_KEYS) {
      const value = named[key];
      if (typeof value === "string") assertOwnCompany(request, value);
    }
    if (typeof named.email === "string") assertOwnEmail(request, named.email);
  }
}

/**
 * Routes for a signed-in user, declared once: authentication runs first (an anonymous caller
 * learns nothing but 401), then, once the input is validated, the names it carries are checked.
 * With `company`, the user's onboarding must be done too (403 "Complete onboarding first.").
 */
export function tenantScope(
  ctx: AppContext,
  opts: { company: boolean },
  routes: readonly FastifyPluginAsync[],
): FastifyPluginAsync {
  return async (scope: FastifyInstance) => {
    scope.addHook("onRequest", authenticate(ctx));
    scope.addHook("preHandler", async (request) => {
      if (opts.company) currentCompanyId(request);
      assertOwnNames(request, request.params, request.query, request.body);
    });
    for (const route of routes) await scope.register(route);
  };
}
