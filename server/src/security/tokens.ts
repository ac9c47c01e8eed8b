import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export interface AccessClaims {
  userId: number;
  companyId: number;
  /** The user who is acting as `userId`, when impersonating. */
  impersonatorId?: number;
  /** When the token stops being accepted (its `exp`); set on verified tokens. */
  expiresAt?: Date;
}

const ISSUER = 'gearwatch';
const AUDIENCE = 'gearwatch-api';
/**
 * How far a token's issue time may be ahead of the clock that checks it. Without it a token signed on an instance one
 * second ahead is "issued in the future" on the others and refused until their clocks pass it, and a clock stepped
 * back by time sync refuses every token issued before the step. The expiry stays exact: a stream ends at it.
 */
export const CLOCK_TOLERANCE_SECONDS = 60;

export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  get expiresIn(): number {
    return this.ttlSeconds;
  }

  sign(claims: AccessClaims): Promise<string> {
    const jwt = new SignJWT({ cid: claims.companyId, ...(claims.impersonatorId ? { imp: claims.impersonatorId } : {}) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`);
    return jwt.sign(this.key);
  }

  /** Returns the claims, or null for any invalid, expired or foreign token. */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      // A token without an expiry would work for ever: `exp` is required, and checked to the second.
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'iat', 'sub'],
      });
      const issuedAt = payload.iat as number;
      const now = Math.floor(Date.now() / 1000);
      // Issued in the future only within the clocks' tolerance, and never older than our tokens live.
      if (issuedAt > now + CLOCK_TOLERANCE_SECONDS || now - issuedAt > this.ttlSeconds) return null;
      // Nor one that says it lives longer than ours do (a leaked key's forgery would pick a long life).
      if ((payload.exp as number) - issuedAt > this.ttlSeconds) return null;
      const userId = Number(payload.sub);
      const companyId = Number(payload.cid);
      if (!isRowId(userId) || !isRowId(companyId)) return null;
      const impersonatorId = isRowId(payload.imp) ? payload.imp : undefined;
      return { userId, companyId, impersonatorId, expiresAt: new Date((payload.exp as number) * 1000) };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}

/** An id the database can hold (int4): anything else in a signed token is refused rather than queried. */
function isRowId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 2_147_483_647;
}

/** Opaque refresh tokens: 256 random bits; only their SHA-256 is stored. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
