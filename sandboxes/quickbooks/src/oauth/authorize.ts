import type { QuickBooksClient, RequestContext } from "../context.ts";
import { readParams, redirect, sendHtml } from "../http.ts";
import { isEmail } from "../users.ts";
import { consentPage, errorPage } from "./consent-page.ts";
import { ACCOUNTING_SCOPE, parseScopes, SCOPES } from "./scopes.ts";
import type { PendingAuthorization } from "./store.ts";

function callbackUrl(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(key, value);
  return url.href;
}

function clientName(client: QuickBooksClient | undefined): string {
  return client?.client_name ?? "Recoup";
}

function renderConsent(
  ctx: RequestContext,
  pending: PendingAuthorization,
  status = 200,
  error?: string,
): void {
  const { sandbox } = ctx;
  sendHtml(
    ctx.res,
    status,
    consentPage({
      requestId: pending.id,
      clientName: clientName(sandbox.clients.get(pending.clientId)),
      scopes: pending.scopes,
      users: sandbox.users.listed(),
      companies: sandbox.companies.list(),
      companyName: (realmId) => sandbox.companies.get(realmId)?.name,
      ...(error ? { error } : {}),
    }),
  );
}

/**
 * GET /connect/oauth2: validates the request like Intuit (unknown client or redirect_uri get an
 * error page; other problems go back to the app as `error=`), then shows the consent page.
 */
export function authorize(ctx: RequestContext) {
  const { url, res, sandbox } = ctx;
  const q = url.searchParams;
  const client = sandbox.clients.get(q.get("client_id") ?? "");
  if (!client) {
    return sendHtml(
      res,
      400,
      errorPage("Something's not right", "The client_id is missing or not registered."),
    );
  }
  const redirectUri = q.get("redirect_uri") ?? "";
  if (!client.redirect_uris.includes(redirectUri)) {
    return sendHtml(
      res,
      400,
      errorPage(
        "Something's not right",
        "The redirect_uri does not match the app's registered redirect URIs.",
      ),
    );
  }
  const state = q.get("state") ?? undefined;
  const fail = (error: string, description: string) =>
    redirect(res, callbackUrl(redirectUri, { error, error_description: description, state }));

  if (q.get("response_type") !== "code")
    return fail("unsupported_response_type", "response_type must be code");
  const scopes = parseScopes(q.get("scope"));
  if (!scopes.length || scopes.some((s) => !(s in SCOPES))) return fail("invalid_scope", "Invalid scope");
  if (!state) return fail("invalid_request", "state is required");
  const codeChallenge = q.get("code_challenge") ?? undefined;
  const method = q.get("code_challenge_method") ?? (codeChallenge ? "plain" : undefined);
  if (method !== undefined && method !== "S256" && method !== "plain") {
    return fail("invalid_request", "code_challenge_method must be S256 or plain");
  }
  if (method !== undefined && !codeChallenge) return fail("invalid_request", "code_challenge is required");

  const nonce = q.get("nonce") ?? undefined;
  const pending = sandbox.oauth.savePending({
    clientId: client.client_id,
    redirectUri,
    scopes,
    state,
    ...(nonce ? { nonce } : {}),
    ...(codeChallenge && method ? { codeChallenge, codeChallengeMethod: method } : {}),
  });
  renderConsent(ctx, pending);
}

/** POST /connect/oauth2: the consent page's answer. */
export async function decide(ctx: RequestContext): Promise<void> {
  const { res, sandbox } = ctx;
  const form = await readParams(ctx.req);
  const pending = sandbox.oauth.findPending(form.get("request") ?? "");
  if (!pending) {
    return sendHtml(
      res,
      400,
      errorPage("This request has expired", "Go back to the app and start connecting again."),
    );
  }
  if (form.get("action") !== "allow") {
    sandbox.oauth.takePending(pending.id);
    return redirect(
      res,
      callbackUrl(pending.redirectUri, {
        error: "access_denied",
        error_description: "User denied access",
        state: pending.state,
      }),
    );
  }

  const email = form.get("email")?.trim() ?? "";
  if (email && !isEmail(email)) return renderConsent(ctx, pending, 400, "Enter a valid email address.");
  const user = email
    ? sandbox.users.ensure(email, form.get("name"))
    : sandbox.users.get(form.get("user") ?? "");
  if (!user) return renderConsent(ctx, pending, 400, "Choose who is signing in.");

  const accounting = pending.scopes.includes(ACCOUNTING_SCOPE);
  const company = accounting ? sandbox.companies.get(form.get("realmId") ?? "") : undefined;
  if (accounting && !company) return renderConsent(ctx, pending, 400, "Select a company to connect.");
  if (company && !user.defaultRealmId) user.defaultRealmId = company.realmId;
  // Intuit puts realmId on the callback for the accounting scope, and for sign-in only when the
  // user has a default company.
  const realmId = company?.realmId ?? user.defaultRealmId;

  sandbox.oauth.takePending(pending.id);
  const code = sandbox.oauth.issueCode({
    clientId: pending.clientId,
    redirectUri: pending.redirectUri,
    scopes: pending.scopes,
    sub: user.sub,
    ...(realmId ? { realmId } : {}),
    ...(pending.nonce ? { nonce: pending.nonce } : {}),
    ...(pending.codeChallenge
      ? { codeChallenge: pending.codeChallenge, codeChallengeMethod: pending.codeChallengeMethod }
      : {}),
  });
  redirect(res, callbackUrl(pending.redirectUri, { code: code.code, state: pending.state, realmId }));
}
