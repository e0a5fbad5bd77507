import type { DbOrTx } from "../../db/client.ts";
import { hitCounter, readWindow } from "./rate-counters.repository.ts";

/**
 * Failed logins from browsers the account does not know, counted per account and per client
 * address in hourly windows shared by every API process (decision 0002). Neither count ever
 * refuses the account's owner: the account's count turns a new browser's login into an emailed
 * code step, and only an address that has failed many times waits.
 */
export const THROTTLE_WINDOW_SECONDS = 3600;
/** Failed logins an account takes in an hour before new browsers need an emailed code. */
export const ACCOUNT_FREE_FAILURES = 5;
/** Failed logins one client address makes in an hour before it waits (offices share an address). */
export const ADDRESS_FREE_FAILURES = 20;
/** The first wait after the free failures; each further failure doubles it, up to the cap. */
export const FIRST_DELAY_SECONDS = 1;
export const MAX_DELAY_SECONDS = 15 * 60;

/**
 * How long the next attempt must still wait, in seconds, after `failures` in a window that is
 * `ageSeconds` old: nothing for the first `free` failures, then the waits 1 s, 2 s, 4 s … (capped
 * at 15 minutes) add up from the window's start. Patient guessing gets `free` + 12 tries an hour;
 * guessing faster gets no more.
 */
export function throttleWait(failures: number, free: number, ageSeconds: number): number {
  if (failures < free) return 0;
  let due = 0;
  for (let n = 0; n <= failures - free && due < THROTTLE_WINDOW_SECONDS; n++) {
    due += Math.min(MAX_DELAY_SECONDS, FIRST_DELAY_SECONDS * 2 ** n);
  }
  return Math.max(0, Math.ceil(due - ageSeconds));
}

export const accountKey = (email: string) => `login-failures:${email}`;
const addressKey = (address: string) => `login-failures-ip:${address}`;

export interface Throttle {
  /** Seconds this client address must wait before a password is checked (0: go ahead). */
  addressWait: number;
  /** The account has failed logins enough this hour that a new browser needs an emailed code. */
  underAttack: boolean;
  /** A wrong password may be told as wrong (401); sooner than the account's delay it is not. */
  mayTellWrong: boolean;
}

export async function readThrottle(db: DbOrTx, email: string, address: string): Promise<Throttle> {
  const [account, client] = await Promise.all([
    readWindow(db, accountKey(email), THROTTLE_WINDOW_SECONDS),
    readWindow(db, addressKey(address), THROTTLE_WINDOW_SECONDS),
  ]);
  return {
    addressWait: throttleWait(client.count, ADDRESS_FREE_FAILURES, client.ageSeconds),
    underAttack: account.count >= ACCOUNT_FREE_FAILURES,
    mayTellWrong: throttleWait(account.count, ACCOUNT_FREE_FAILURES, account.ageSeconds) === 0,
  };
}

/**
 * Counts a failed attempt against the account and the address, or, for a right password on a path
 * whose answer must not tell (the code step), touches the same rows at the same cost.
 */
export async function recordAttempt(db: DbOrTx, email: string, address: string, failed: boolean) {
  const add = failed ? 1 : 0;
  await hitCounter(db, accountKey(email), THROTTLE_WINDOW_SECONDS, add);
  await hitCounter(db, addressKey(address), THROTTLE_WINDOW_SECONDS, add);
}

/** "8 seconds", "2 minutes": how long to wait, for people. */
export function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}
