/** A fresh access token for a company's QuickBooks calls, refreshed once by one worker at a time. */
import type { AppContext } from "../../context.ts";
import { QboError } from "../../integrations/quickbooks/qbo-api.ts";
import { QboReconnectRequired } from "../../integrations/quickbooks/qbo-auth.ts";
import { qboAuth, sealTokens } from "./connection-tokens.ts";
import { findConnection, lockConnection, updateConnection } from "./connections.repository.ts";

/** Refresh the access token this long before it expires. */
const REFRESH_MARGIN_MS = 5 * 60_000;

/**
 * A fresh access token for the company. The row is locked while refreshing, so two workers
 * never spend the same refresh token; the newest tokens are saved before they are used.
 */
export async function accessToken(
  ctx: AppContext,
  companyId: string,
): Promise<{ token: string; realmId: string }> {
  const current = await findConnection(ctx.db, companyId);
  if (current?.status !== "connected") throw new QboNotConnected();
  if (current.accessExpiresAt && current.accessExpiresAt.getTime() - Date.now() > REFRESH_MARGIN_MS) {
    return { token: ctx.qbo.sealer.open<string>(current.accessTokenSealed!), realmId: current.realmId };
  }
  try {
    return await ctx.db.transaction(async (tx) => {
      const row = await lockConnection(tx, companyId);
      if (row?.status !== "connected") throw new QboNotConnected();
      if (row.accessExpiresAt && row.accessExpiresAt.getTime() - Date.now() > REFRESH_MARGIN_MS) {
        return { token: ctx.qbo.sealer.open<string>(row.accessTokenSealed!), realmId: row.realmId };
      }
      const tokens = await qboAuth(ctx).refresh(ctx.qbo.sealer.open<string>(row.refreshTokenSealed!));
      await updateConnection(tx, companyId, sealTokens(ctx, tokens));
      return { token: tokens.accessToken, realmId: row.realmId };
    });
  } catch (err) {
    if (!(err instanceof QboReconnectRequired)) throw err;
    // Recorded after the transaction, which the refusal rolled back.
    await updateConnection(ctx.db, companyId, {
      status: "error",
      errorMessage: "QuickBooks refused the saved authorization. Please reconnect QuickBooks.",
    });
    throw new QboNotConnected();
  }
}

/**
 * Calls QuickBooks with a fresh token. A 401 means the token died early (revoked, rotated
 * elsewhere): refresh once and try again; a refused refresh turns the connection to Error.
 */
export async function withAccess<T>(
  ctx: AppContext,
  companyId: string,
  call: (token: string, realmId: string) => Promise<T>,
): Promise<T> {
  const first = await accessToken(ctx, companyId);
  try {
    return await call(first.token, first.realmId);
  } catch (err) {
    if (!(err instanceof QboError && err.isAuth)) throw err;
    await updateConnection(ctx.db, companyId, { accessExpiresAt: new Date(0) });
    const again = await accessToken(ctx, companyId);
    return call(again.token, again.realmId);
  }
}

export class QboNotConnected extends Error {}
