import type { Tokens } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { knownDevice, newDeviceCookie } from "./devices.ts";
import { startSession } from "./sessions.ts";
import type { UserRow } from "./users.repository.ts";

export interface SignedIn {
  tokens: Tokens;
  /** The device cookie this browser keeps: the one it sent when genuine, else a new one. */
  deviceCookie: string;
}

/** Starts a session for the user on this browser, which keeps (or now gets) its device cookie. */
export async function signIn(ctx: AppContext, user: UserRow, deviceCookie: string | undefined) {
  const known = knownDevice(ctx.config.jwtSecret, deviceCookie, user.id);
  return {
    tokens: await startSession(ctx, user),
    deviceCookie: known ? deviceCookie! : newDeviceCookie(ctx.config.jwtSecret, user.id),
  } satisfies SignedIn;
}
