import type { IncomingMessage, ServerResponse } from "node:http";
import type Provider from "oidc-provider";
import { type AccountStore, isEmail } from "./accounts.ts";
import { readForm, sendHtml } from "./http.ts";
import { chooserPage, consentPage, errorPage } from "./views.ts";

const SHOWN_SCOPES = ["email", "profile", "openid"];

/**
 * Our own interaction pages (instead of oidc-provider's devInteractions): "Choose an account", then
 * the consent screen. Routes live under /interaction/:uid, where the interaction cookie is scoped.
 */
export function createInteractionHandler(provider: Provider, accounts: AccountStore) {
  async function clientName(clientId: unknown): Promise<string> {
    const client = typeof clientId === "string" ? await provider.Client.find(clientId) : undefined;
    return client?.clientName ?? "Recoup";
  }

  async function show(req: IncomingMessage, res: ServerResponse, error?: string): Promise<void> {
    const interaction = await provider.interactionDetails(req, res);
    const name = await clientName(interaction.params.client_id);
    if (interaction.prompt.name === "login") {
      const hint = interaction.params.login_hint;
      return sendHtml(
        res,
        error ? 400 : 200,
        chooserPage({
          uid: interaction.uid,
          clientName: name,
          accounts: accounts.listed(),
          loginHint: typeof hint === "string" ? hint : undefined,
          error,
        }),
      );
    }
    const account = interaction.session ? accounts.find(interaction.session.accountId) : undefined;
    if (interaction.prompt.name !== "consent" || !account) {
      return sendHtml(res, 400, errorPage("Something went wrong", "This sign-in step is not supported."));
    }
    const requested = String(interaction.params.scope ?? "").split(" ");
    sendHtml(
      res,
      200,
      consentPage({
        uid: interaction.uid,
        clientName: name,
        account,
        scopes: SHOWN_SCOPES.filter((s) => requested.includes(s)),
      }),
    );
  }

  async function login(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const interaction = await provider.interactionDetails(req, res);
    if (interaction.prompt.name !== "login") return show(req, res);
    const form = await readForm(req);
    const chosen = form.get("account");
    const email = form.get("email")?.trim() ?? "";
    let accountId: string | undefined;
    if (chosen) {
      accountId = accounts.find(chosen)?.sub;
    } else if (isEmail(email)) {
      accountId = accounts.ensure(email, form.get("name") ?? undefined).sub;
    }
    if (!accountId) {
      return show(req, res, chosen ? "That account is not available." : "Enter a valid email address.");
    }
    // Every sign-in starts a fresh session: choosing another account than last time then needs no
    // logout round trip (oidc-provider would otherwise end the old session through an extra page).
    if (interaction.session) {
      await (await provider.Session.findByUid(interaction.session.uid))?.destroy();
      interaction.session = undefined;
      await interaction.save(interaction.exp - Math.floor(Date.now() / 1000));
    }
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId, remember: false } },
      { mergeWithLastSubmission: false },
    );
  }

  async function confirm(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const interaction = await provider.interactionDetails(req, res);
    const accountId = interaction.session?.accountId;
    if (interaction.prompt.name !== "consent" || !accountId) return show(req, res);
    const clientId = String(interaction.params.client_id);
    const grant =
      (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined) ??
      new provider.Grant({ accountId, clientId });
    grant.addOIDCScope(String(interaction.params.scope ?? "openid"));
    const details = interaction.prompt.details as { missingOIDCClaims?: string[] };
    if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  async function abort(req: IncomingMessage, res: ServerResponse): Promise<void> {
    await provider.interactionFinished(
      req,
      res,
      { error: "access_denied", error_description: "The user denied access" },
      { mergeWithLastSubmission: false },
    );
  }

  /** Handles /interaction/* requests; returns false for any other path. */
  return async function handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
    const match = /^\/interaction\/([\w-]+)(?:\/(login|confirm|abort))?$/.exec(path);
    if (!match) return false;
    const action = match[2];
    try {
      if (!action && req.method === "GET") await show(req, res);
      else if (action === "login" && req.method === "POST") await login(req, res);
      else if (action === "confirm" && req.method === "POST") await confirm(req, res);
      else if (action === "abort" && req.method === "POST") await abort(req, res);
      else sendHtml(res, 405, errorPage("Not allowed", "This page cannot be used like that."));
    } catch (error) {
      const expired = error instanceof Error && error.name === "SessionNotFound";
      sendHtml(
        res,
        400,
        errorPage(
          expired ? "This sign-in has expired" : "Something went wrong",
          expired ? "Go back to the app and sign in again." : String((error as Error).message ?? error),
        ),
      );
    }
    return true;
  };
}
