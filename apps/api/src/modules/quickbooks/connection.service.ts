import { errorCodes } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import type { QboTokens } from "../../integrations/quickbooks/qbo-auth.ts";
import { randomToken } from "../../lib/crypto.ts";
import { AppError } from "../../lib/errors.ts";
import { qboAuth, sealTokens } from "./connection-tokens.ts";
import {
  consumeConnectState,
  findConnection,
  insertConnectState,
  updateConnection,
  upsertConnection,
} from "./connections.repository.ts";
import { deleteSynced } from "./synced-records.repository.ts";

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
      // Another QuickBooks company: what pointed at the old one's records is over.
      ...(existing && !sameRealm ? { endedAt: new Date() } : {}),
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
    // The wall clock, as links record when they were made.
    endedAt: new Date(),
  });
}
