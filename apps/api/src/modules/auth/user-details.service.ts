import { errorCodes } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { findUserWithCompany } from "./users.repository.ts";

/** The signed-in user as the app shell shows them: name, picture, company and QuickBooks realm. */
export async function userDetails(ctx: AppContext, userId: string) {
  const row = await findUserWithCompany(ctx.db, userId);
  if (!row) throw new AppError(401, errorCodes.unauthorized, "Please sign in to continue.");
  const { user, realmId } = row;
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    realmId: realmId ?? null,
    companyId: user.companyId,
    isOnboarded: user.companyId !== null,
    profilePic: user.profilePic
      ? `data:${user.profilePicType};base64,${user.profilePic.toString("base64")}`
      : null,
  };
}
