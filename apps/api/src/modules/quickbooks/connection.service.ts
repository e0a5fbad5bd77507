import { randomUUID } from "node:crypto";
import { errorCodes } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { QboError } from "../../integrations/quickbooks/qbo-api.ts";
import { QboReconnectRequired, type QboTokens } from "../../integrations/quickbooks/qbo-auth.ts";
import { randomToken } from "../../lib/crypto.ts";
import { AppError } from "../../lib/errors.ts";
import {
  consumeConnectState,
  findConnection,
  insertConnectState,
  lockConnection,
  updateConnection,
  upsertConnection,
} from "./connections.repository.ts";
import { deleteSynced } from "./synced-records.repository.ts";

/** Refresh the access token this long before it expires. */
const REFRESH_MARGIN_MS = 5 * 60_000;

export function qboAuth(ctx: AppContext) {
  if (!ctx.qbo.auth)
    throw new AppError(404, errorCodes.notFound, "QuickBooks is not configured on this server.");
  return ctx.qbo.auth;
}

const sealTokens = (ctx: AppContext, t: QboTokens) => ({
  accessTokenSealed: ctx.qbo.sealer.seal(t.accessToken),
  refreshTokenSealed: ctx.qbo.sealer.seal(t.refreshToken),
  accessExpiresAt: t.accessExpiresAt,
  refreshExpiresAt: t.refreshExpiresAt,
});

/** Step 1: a random single-use state bound to this user, and the authorize URL. */
export async function beginConnect(ctx: AppContext, userId: string, companyId: string) {
  const state = randomToken();
  await insertConnectState(ctx.db, state, userId, companyId);
  return qboAuth(ctx).authorizationUrl(state);
}

/** Step 2, on the server: the state must be this user's; the code is exchanged and tokens sealed. */
export async function completeConnect(
  ctx: AppContext,
  userId: string,
  companyId: string,
  input: { code: string; state: string; realmId: string },
) {
  const state = await consumeConnectState(ctx.db, input.state, userId);
  if (!state || state.companyId !== companyId) {
    throw new AppError(
      400,
      errorCodes.oauthFailed,
      "This QuickBooks connection link has expired. Please connect again.",
    );
  }
  let tokens: QboTokens;
  try {
    tokens = await qboAuth(ctx).exchange(input.code, input.state, input.realmId);
  } catch {
    throw new AppError(
      400,
      errorCodes.oauthFailed,
      "QuickBooks did not confirm the connection. Please try again.",
    );
  }
  await ctx.db.transaction(async (tx) => {
    const existing = await findConnection(tx, companyId);
    const sameRealm = existing?.realmId === input.realmId;
    // Another QuickBooks company replaces the old one's records; the same one resumes from its cursor.
    if (existing && !sameRealm) await deleteSynced(tx, companyId, input.realmId);
    await upsertConnection(tx, {
      companyId,
      realmId: input.realmId,
      status: "connected",
      errorMessage: null,
      ...sealTokens(ctx, tokens),
      ...(sameRealm ? {} : { cdcCursor: null, lastSyncAt: null, syncProgress: null }),
      // A sync of the old connection still running must stop writing.
      syncLeaseOwner: null,
      syncLeaseUntil: null,
      connectedAt: new Date(),
    });
  });
}

/** Deletes every synced record of a disconnected company, at its owner's request. */
export async function deleteSyncedData(ctx: AppContext, companyId: string) {
  const row = await findConnection(ctx.db, companyId);
  if (row?.status === "connected") {
    throw new AppError(409, errorCodes.conflict, "Disconnect QuickBooks before deleting its data.");
  }
  await ctx.db.transaction(async (tx) => {
    await deleteSynced(tx, companyId);
    if (row) await updateConnection(tx, companyId, { cdcCursor: null, lastSyncAt: null, syncProgress: null });
  });
}

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

/** Revokes at Intuit and stops syncing; synced records stay until the company reconnects or deletes them. */
export async function disconnect(ctx: AppContext, companyId: string) {
  const row = await findConnection(ctx.db, companyId);
  if (!row || row.status === "disconnected") return;
  const token = row.refreshTokenSealed ? ctx.qbo.sealer.open<string>(row.refreshTokenSealed) : undefined;
  if (token)
    await qboAuth(ctx)
      .revoke(token)
      .catch(() => {});
  await updateConnection(ctx.db, companyId, {
    status: "disconnected",
    accessTokenSealed: null,
    refreshTokenSealed: null,
    accessExpiresAt: null,
    syncLeaseOwner: null,
    syncLeaseUntil: null,
  });
}

export class QboNotConnected extends Error {}

export const newLeaseOwner = () => randomUUID();
