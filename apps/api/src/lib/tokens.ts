/**
 * Signed tokens (JWT, RFC 7519) with `jose`, HS256 only: sessions (bearer tokens), download
 * links and device cookies. Each kind has its own audience so one can never be used as another.
 */
import { createSecretKey, randomUUID, type webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

const ALGORITHM = 'HS256';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISSUER = 'flockr';

/** What a token is for: a sign-in session, a download link, or a trusted device (cookie). */
export type TokenAudience = 'session' | 'download' | 'device';

/** Claims carried by a token; `sub` is the user id, `jti` a unique token id. */
export interface TokenClaims {
  sub: string;
  jti: string;
  exp: number;
  [key: string]: unknown;
}

/** Signs and verifies tokens with one secret. */
export class TokenService {
  /**
   * The secret as an HMAC-SHA-256 CryptoKey, imported once: jose imports raw bytes again on every
   * call, which shows in a CPU profile of a login flood (bench/login-flood.mjs).
   */
  private readonly key: webcrypto.CryptoKey;

  /** `now` is the clock for issuing and checking expiry (tests move it). */
  constructor(
    secret: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.key = createSecretKey(new TextEncoder().encode(secret)).toCryptoKey(
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  /**
   * Signs a token for `subject` that expires `ttlMs` milliseconds from now, with token id `id`
   * (random by default). Returns the token, its id and its expiry (Date, UTC).
   */
  async sign(
    audience: TokenAudience,
    subject: string,
    ttlMs: number,
    extra: Record<string, unknown> = {},
    id: string = randomUUID(),
  ): Promise<{ token: string; id: string; expiresAt: Date }> {
    const issuedAt = this.now();
    const expiresAt = new Date(issuedAt.getTime() + ttlMs);
    const token = await new SignJWT(extra)
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setSubject(subject)
      .setJti(id)
      .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
    return { token, id, expiresAt };
  }

  /**
   * Verifies `token` for `audience`: HS256 only (so `none` and other algorithms are refused),
   * signature, issuer, audience, expiry, and `sub`/`jti` being UUIDs. Returns the claims, or
   * null when any check fails.
   */
  async verify(audience: TokenAudience, token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience,
        currentDate: this.now(),
      });
      // Every token we sign names a user id and a token id that are UUIDs; anything else was
      // not made here (and must not reach a database query as an id).
      if (
        typeof payload.sub !== 'string' ||
        typeof payload.jti !== 'string' ||
        !UUID.test(payload.sub) ||
        !UUID.test(payload.jti) ||
        typeof payload.exp !== 'number'
      ) {
        return null;
      }
      return payload as TokenClaims;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}
