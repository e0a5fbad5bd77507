/** QuickBooks' OAuth client, and its tokens as they rest (sealed). */
import { errorCodes } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import type { QboTokens } from "../../integrations/quickbooks/qbo-auth.ts";
import { AppError } from "../../lib/errors.ts";

export function qboAuth(ctx: AppContext) {
  if (!ctx.qbo.auth)
    throw new AppError(404, errorCodes.notFound, "QuickBooks is not configured on this server.");
  return ctx.qbo.auth;
}

export const sealTokens = (ctx: AppContext, t: QboTokens) => ({
  accessTokenSealed: ctx.qbo.sealer.seal(t.accessToken),
  refreshTokenSealed: ctx.qbo.sealer.seal(t.refreshToken),
  accessExpiresAt: t.accessExpiresAt,
  refreshExpiresAt: t.refreshExpiresAt,
});
