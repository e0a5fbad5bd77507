import { randomBytes } from "node:crypto";
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";

export interface SigningKeys {
  kid: string;
  /** The public key set served at the JWKS endpoint. */
  jwks: { keys: JWK[] };
  signIdToken(claims: Record<string, unknown>): Promise<string>;
}

/** A fresh RS256 key pair for this run (Intuit's kids are 20-character strings). */
export async function createSigningKeys(): Promise<SigningKeys> {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { modulusLength: 2048 });
  const kid = randomBytes(15).toString("base64url").slice(0, 20);
  const publicJwk = await exportJWK(publicKey);
  return {
    kid,
    jwks: { keys: [{ kty: "RSA", e: publicJwk.e!, use: "sig", kid, alg: "RS256", n: publicJwk.n! }] },
    signIdToken: (claims) => new SignJWT(claims).setProtectedHeader({ kid, alg: "RS256" }).sign(privateKey),
  };
}
