import { createHash } from "node:crypto";
import { errors, jwtVerify, SignJWT } from "jose";

export const ID_TOKEN_TTL_SECONDS = 15 * 60;
/** Under this much life left, responses carry fresh tokens in the x-new-* headers. */
export const RENEW_WITHIN_SECONDS = 5 * 60;
const AUDIENCE = "recoup";

export interface TokenSubject {
  userId: string;
  sessionId: string;
  email: string;
  name: string;
}

export interface VerifiedToken extends TokenSubject {
  use: "id" | "access";
  expiresAt: number;
}

/** Short-lived signed tokens (HS256) for the browser and API clients. */
export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly issuer: string,
  ) {
    this.key = createHash("sha256").update(`recoup-jwt:${secret}`).digest();
  }

  async mint(subject: TokenSubject): Promise<{ IdToken: string; AccessToken: string }> {
    const sign = (use: "id" | "access", claims: Record<string, unknown>) =>
      new SignJWT({ ...claims, token_use: use, sid: subject.sessionId })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(subject.userId)
        .setIssuer(this.issuer)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ID_TOKEN_TTL_SECONDS}s`)
        .sign(this.key);
    const [IdToken, AccessToken] = await Promise.all([
      sign("id", { email: subject.email, name: subject.name }),
      sign("access", { email: subject.email }),
    ]);
    return { IdToken, AccessToken };
  }

  /** Returns the claims, or null for anything forged, expired, of another issuer or of another kind. */
  async verify(token: string): Promise<VerifiedToken | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ["HS256"],
        issuer: this.issuer,
        audience: AUDIENCE,
      });
      const use = payload.token_use;
      if ((use !== "id" && use !== "access") || typeof payload.sid !== "string" || !payload.sub) return null;
      return {
        use,
        userId: payload.sub,
        sessionId: payload.sid,
        email: String(payload.email ?? ""),
        name: String(payload.name ?? ""),
        expiresAt: payload.exp ?? 0,
      };
    } catch (err) {
      if (err instanceof errors.JOSEError) return null;
      throw err;
    }
  }
}
