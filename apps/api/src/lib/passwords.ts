import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as en from "@zxcvbn-ts/language-en";
import argon2 from "argon2";

/** OWASP's argon2id floor: 19 MiB, 2 iterations, 1 lane. */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Passwords are compared exactly as typed, after Unicode NFC so the same text always matches. */
const normalise = (password: string) => password.normalize("NFC");

export const hashPassword = (password: string) => argon2.hash(normalise(password), ARGON2_OPTIONS);

/** A real hash to verify against when the account does not exist, so both paths take the same time. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword("dummy-password-for-timing");
  const target = hash ?? (await dummyHash);
  const ok = await argon2.verify(target, normalise(password)).catch(() => false);
  return ok && hash != null;
}

const strength = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...en.dictionary },
  graphs: common.adjacencyGraphs,
});

/** Refuses passwords found in the common-password dictionaries or built from the user's own details. */
export function isTooCommon(password: string, userInputs: string[] = []): boolean {
  return strength.check(password, userInputs).score < 2;
}
