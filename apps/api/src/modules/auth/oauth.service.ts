import { errorCodes, normaliseEmail, type OAuthCallbackRequest, type OAuthProvider } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import {
  type OidcClient,
  type OidcIdentity,
  randomTransaction,
} from "../../integrations/oidc/oidc-client.ts";
import { randomToken } from "../../lib/crypto.ts";
import { AppError } from "../../lib/errors.ts";
import { consumeOAuthTransaction, insertOAuthTransaction } from "./oauth.repository.ts";
import { startSession } from "./sessions.ts";
import {
  claimPendingAccount,
  findIdentity,
  findUserByEmail,
  findUserById,
  insertIdentity,
  insertUser,
} from "./users.repository.ts";

const failed = (message: string) => new AppError(400, errorCodes.oauthFailed, message);

export async function beginSignIn(ctx: AppContext, client: OidcClient) {
  const tx = randomTransaction();
  const id = randomToken();
  let url: string;
  try {
    url = await client.authorizationUrl(tx);
  } catch {
    throw new AppError(
      502,
      errorCodes.unavailable,
      "This sign-in provider is not reachable right now. Please try again.",
    );
  }
  await insertOAuthTransaction(ctx.db, { id, provider: client.provider, ...tx });
  return { transactionId: id, url };
}

/** Completes a sign-in: the round trip must be this browser's, unused, fresh, and of this provider. */
export async function completeSignIn(
  ctx: AppContext,
  client: OidcClient,
  transactionId: string | undefined,
  callback: OAuthCallbackRequest,
) {
  if (!transactionId) throw failed("This sign-in link has expired. Please try again.");
  const tx = await consumeOAuthTransaction(ctx.db, transactionId, client.provider);
  if (!tx || tx.state !== callback.state) throw failed("This sign-in link has expired. Please try again.");
  let identity: OidcIdentity;
  try {
    identity = await client.exchange({ code: callback.code, state: callback.state, iss: callback.iss }, tx);
  } catch {
    throw failed("The sign-in could not be confirmed with the provider. Please try again.");
  }
  const user = await findOrCreateUser(ctx, client.provider, identity);
  return startSession(ctx, user);
}

/**
 * Users are keyed on (provider, subject). A new identity links to an existing account only when
 * the provider vouches for the email; an unverified email never takes over an account.
 */
async function findOrCreateUser(ctx: AppContext, provider: OAuthProvider, identity: OidcIdentity) {
  return ctx.db.transaction(async (tx) => {
    const linked = await findIdentity(tx, provider, identity.subject);
    if (linked) return (await findUserById(tx, linked.userId))!;
    if (!identity.email) throw failed("The provider did not share an email address.");
    // One spelling per address, as for a signup.
    const email = normaliseEmail(identity.email);
    const existing = await findUserByEmail(tx, email);
    if (existing && !identity.emailVerified) {
      throw failed("An account with this email already exists. Log in with your password to continue.");
    }
    const user =
      existing ??
      (await insertUser(tx, {
        email,
        name: identity.name ?? email.split("@")[0]!,
        emailVerifiedAt: identity.emailVerified ? new Date() : null,
      }));
    if (existing && !existing.emailVerifiedAt) {
      // The provider proved the address: the unverified account's password and sign-ins were
      // set by someone unproven and go before this identity is linked.
      await claimPendingAccount(tx, existing.id, { passwordHash: null, emailVerifiedAt: new Date() });
    }
    await insertIdentity(tx, {
      userId: user.id,
      provider,
      subject: identity.subject,
      email: identity.email,
    });
    return user;
  });
}
