import { randomBytes } from "node:crypto";
import { createAccessTokenFactory, intuitOpaqueToken } from "./formats.ts";

export const ACCESS_TOKEN_SECONDS = 3600;
export const CODE_SECONDS = 600;
/** Intuit: "rolling expiry of 100 days". */
export const REFRESH_ROLLING_SECONDS = 100 * 24 * 3600;
/** Intuit: refresh tokens have a maximum validity of five years. */
export const REFRESH_HARD_SECONDS = 5 * 365 * 24 * 3600;
export const DAY_SECONDS = 24 * 3600;

/** An authorization request waiting for the person on the consent page. */
export interface PendingAuthorization {
  id: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state: string;
  nonce?: string;
  codeChallenge?: string;
  codeChallengeMethod?: "S256" | "plain";
  expiresAt: number;
}

export interface AuthorizationCode {
  code: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  sub: string;
  realmId?: string;
  nonce?: string;
  codeChallenge?: string;
  codeChallengeMethod?: "S256" | "plain";
  authTime: number;
  expiresAt: number;
  /** Set on first exchange; a second exchange is refused and revokes this grant. */
  grantId?: string;
}

/** One connection (code exchange) and the refresh token chain that follows from it. */
export interface Grant {
  id: string;
  clientId: string;
  sub: string;
  realmId?: string;
  scopes: string[];
  authTime: number;
  refreshToken: string;
  refreshTokenIssuedAt: number;
  /** Rolling expiry of the refresh token chain (ms). */
  refreshExpiresAt: number;
  hardExpiresAt: number;
  revoked: boolean;
}

export interface AccessTokenRecord {
  token: string;
  grantId: string;
  clientId: string;
  sub: string;
  realmId?: string;
  scopes: string[];
  expiresAt: number;
}

interface RefreshTokenRecord {
  grantId: string;
  /** When a newer refresh token replaced this one (ms). */
  supersededAt?: number;
}

export interface OAuthPolicy {
  /** New refresh token value at most this often (0: on every refresh). Intuit: 24 h. */
  refreshTokenRotationSeconds: number;
  /** How long a replaced refresh token keeps working. Intuit: 24 h. */
  refreshTokenGraceSeconds: number;
}

/** In-memory state of the authorization server: pending requests, codes, grants and tokens. */
export class OAuthStore {
  readonly #pending = new Map<string, PendingAuthorization>();
  readonly #codes = new Map<string, AuthorizationCode>();
  readonly #grants = new Map<string, Grant>();
  readonly #accessTokens = new Map<string, AccessTokenRecord>();
  readonly #refreshTokens = new Map<string, RefreshTokenRecord>();
  readonly #newAccessToken = createAccessTokenFactory();

  constructor(
    readonly now: () => number,
    readonly policy: OAuthPolicy,
  ) {}

  savePending(request: Omit<PendingAuthorization, "id" | "expiresAt">): PendingAuthorization {
    const pending = { ...request, id: randomBytes(16).toString("hex"), expiresAt: this.now() + 3600_000 };
    this.#pending.set(pending.id, pending);
    return pending;
  }

  findPending(id: string): PendingAuthorization | undefined {
    const pending = this.#pending.get(id);
    if (pending && pending.expiresAt <= this.now()) this.#pending.delete(id);
    return pending && pending.expiresAt > this.now() ? pending : undefined;
  }

  /** Ends a pending request: it can be answered once. */
  takePending(id: string): PendingAuthorization | undefined {
    const pending = this.findPending(id);
    this.#pending.delete(id);
    return pending;
  }

  issueCode(details: Omit<AuthorizationCode, "code" | "expiresAt" | "authTime">): AuthorizationCode {
    const now = this.now();
    // Used and expired codes are kept an hour past expiry, to recognise a replayed code.
    for (const [key, old] of this.#codes) if (old.expiresAt + 3600_000 <= now) this.#codes.delete(key);
    const code: AuthorizationCode = {
      ...details,
      code: intuitOpaqueToken(now),
      authTime: Math.floor(now / 1000),
      expiresAt: now + CODE_SECONDS * 1000,
    };
    this.#codes.set(code.code, code);
    return code;
  }

  findCode(code: string): AuthorizationCode | undefined {
    return this.#codes.get(code);
  }

  /** Creates the grant for a first code exchange and marks the code used. */
  createGrant(code: AuthorizationCode): Grant {
    const now = this.now();
    const grant: Grant = {
      id: randomBytes(16).toString("hex"),
      clientId: code.clientId,
      sub: code.sub,
      ...(code.realmId ? { realmId: code.realmId } : {}),
      scopes: code.scopes,
      authTime: code.authTime,
      refreshToken: intuitOpaqueToken(now),
      refreshTokenIssuedAt: now,
      refreshExpiresAt: now + REFRESH_ROLLING_SECONDS * 1000,
      hardExpiresAt: now + REFRESH_HARD_SECONDS * 1000,
      revoked: false,
    };
    code.grantId = grant.id;
    this.#grants.set(grant.id, grant);
    this.#refreshTokens.set(grant.refreshToken, { grantId: grant.id });
    return grant;
  }

  async issueAccessToken(grant: Grant): Promise<AccessTokenRecord> {
    const now = this.now();
    const token = await this.#newAccessToken(
      {
        sub: grant.sub,
        client_id: grant.clientId,
        realmid: grant.realmId ?? null,
        scope: grant.scopes.join(" "),
      },
      now,
      ACCESS_TOKEN_SECONDS,
    );
    const record: AccessTokenRecord = {
      token,
      grantId: grant.id,
      clientId: grant.clientId,
      sub: grant.sub,
      ...(grant.realmId ? { realmId: grant.realmId } : {}),
      scopes: grant.scopes,
      expiresAt: now + ACCESS_TOKEN_SECONDS * 1000,
    };
    this.#accessTokens.set(token, record);
    return record;
  }

  /** A live access token (not expired, its grant not revoked), for userinfo and the Accounting API. */
  verifyAccessToken(token: string): AccessTokenRecord | undefined {
    const record = this.#accessTokens.get(token);
    if (!record) return undefined;
    if (record.expiresAt <= this.now() || this.#grants.get(record.grantId)?.revoked !== false) {
      this.#accessTokens.delete(token);
      return undefined;
    }
    return record;
  }

  /**
   * Uses a refresh token: returns its grant with the rolling expiry extended and, when due, a new
   * refresh token value (the replaced one keeps working for the grace period). Undefined when the
   * token is unknown, revoked, expired, past its grace, or belongs to another client.
   */
  refresh(token: string, clientId: string): Grant | undefined {
    const now = this.now();
    const record = this.#refreshTokens.get(token);
    const grant = record ? this.#grants.get(record.grantId) : undefined;
    if (!record || !grant || grant.revoked || grant.clientId !== clientId) return undefined;
    if (grant.refreshExpiresAt <= now || grant.hardExpiresAt <= now) return undefined;
    if (
      record.supersededAt !== undefined &&
      now - record.supersededAt >= this.policy.refreshTokenGraceSeconds * 1000
    ) {
      this.#refreshTokens.delete(token);
      return undefined;
    }
    if (now - grant.refreshTokenIssuedAt >= this.policy.refreshTokenRotationSeconds * 1000) {
      const previous = this.#refreshTokens.get(grant.refreshToken);
      if (previous) previous.supersededAt = now;
      grant.refreshToken = intuitOpaqueToken(now);
      grant.refreshTokenIssuedAt = now;
      this.#refreshTokens.set(grant.refreshToken, { grantId: grant.id });
    }
    grant.refreshExpiresAt = Math.min(now + REFRESH_ROLLING_SECONDS * 1000, grant.hardExpiresAt);
    return grant;
  }

  /** The grant an access or refresh token belongs to (for revocation). */
  grantOfToken(token: string): Grant | undefined {
    const grantId = this.#accessTokens.get(token)?.grantId ?? this.#refreshTokens.get(token)?.grantId;
    return grantId ? this.#grants.get(grantId) : undefined;
  }

  grant(id: string): Grant | undefined {
    return this.#grants.get(id);
  }

  /** Live (not revoked) grants connected to a company, for the control API. */
  grantsForRealm(realmId: string): Grant[] {
    return [...this.#grants.values()].filter((g) => g.realmId === realmId && !g.revoked);
  }

  /**
   * Ends a grant's refresh token chain as if its 100 days had passed (a refresh then answers
   * invalid_grant); with `access`, its access tokens expire too, so the next API call is a 401.
   */
  expireGrant(grant: Grant, options: { access?: boolean } = {}): void {
    const now = this.now();
    grant.refreshExpiresAt = Math.min(grant.refreshExpiresAt, now);
    if (options.access) {
      for (const record of this.#accessTokens.values()) {
        if (record.grantId === grant.id) record.expiresAt = Math.min(record.expiresAt, now);
      }
    }
  }

  /** Revoking invalidates the access and refresh tokens of the whole grant (Intuit: disconnect). */
  revokeGrant(grant: Grant): void {
    grant.revoked = true;
    for (const [token, record] of this.#accessTokens)
      if (record.grantId === grant.id) this.#accessTokens.delete(token);
    for (const [token, record] of this.#refreshTokens)
      if (record.grantId === grant.id) this.#refreshTokens.delete(token);
  }
}
