import { generateKeyPairSync, randomBytes } from "node:crypto";
import Provider, { type ClientMetadata, type Configuration, interactionPolicy } from "oidc-provider";
import type { AccountStore } from "./accounts.ts";
import { createMemoryAdapter } from "./adapter.ts";
import { errorPage } from "./views.ts";

export interface GoogleClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
  /** Shown on the consent page (default "Recoup"). */
  client_name?: string;
}

/** A fresh RS256 signing key for this run, as a private JWK. */
function signingKey() {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = privateKey.export({ format: "jwk" });
  return { ...jwk, kid: randomBytes(10).toString("hex"), alg: "RS256", use: "sig" };
}

/** Always show the account chooser and the consent screen, like Google with prompt=select_account consent. */
function policy() {
  const { Check, base } = interactionPolicy;
  const prompts = base();
  prompts
    .get("login")!
    .checks.add(
      new Check("select_account", "the End-User chooses an account every time", (ctx) =>
        ctx.oidc.result?.login ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT,
      ),
      0,
    );
  prompts
    .get("consent")!
    .checks.add(
      new Check("consent_every_time", "the End-User confirms access every time", (ctx) =>
        ctx.oidc.result?.consent ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT,
      ),
    );
  return prompts;
}

export function createProvider(issuer: string, clients: GoogleClient[], accounts: AccountStore): Provider {
  const configuration: Configuration = {
    adapter: createMemoryAdapter(),
    clients: clients.map(
      (client): ClientMetadata => ({
        client_id: client.client_id,
        client_secret: client.client_secret,
        redirect_uris: client.redirect_uris,
        client_name: client.client_name ?? "Recoup",
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
        id_token_signed_response_alg: "RS256",
      }),
    ),
    clientAuthMethods: ["client_secret_basic", "client_secret_post"],
    jwks: { keys: [signingKey()] },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    responseTypes: ["code"],
    scopes: ["openid", "email", "profile"],
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "given_name", "family_name", "picture", "locale"],
    },
    // Google puts the profile and email claims in the ID token too.
    conformIdTokenClaims: false,
    // PKCE (S256 only) is verified whenever the client sent a code_challenge, as Google does.
    pkce: { required: () => false },
    extraParams: ["access_type", "hd", "include_granted_scopes"],
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
    },
    interactions: {
      url: (_ctx, interaction) => `/interaction/${interaction.uid}`,
      policy: policy(),
    },
    async findAccount(_ctx, sub) {
      const account = accounts.find(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({ ...account }),
      };
    },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 600,
      IdToken: 3600,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
    },
    renderError(ctx, out) {
      ctx.type = "html";
      ctx.set("content-security-policy", "default-src 'none'; style-src 'self'; img-src data:");
      ctx.body = errorPage("Sign-in error", out.error_description ?? out.error);
    },
  };
  const provider = new Provider(issuer, configuration);
  provider.on("server_error", (_ctx, error) => {
    console.error("google sandbox: server error", error);
  });
  return provider;
}
