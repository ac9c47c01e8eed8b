import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export interface AccessClaims {
  userId: number;
  companyId: number;
  /** The user who is acting as `userId`, when impersonating. */
  impersonatorId?: number;
}

const ISSUER = 'gearwatch';
const AUDIENCE = 'gearwatch-api';

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
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      const companyId = Number(payload.cid);
      if (!Number.isInteger(userId) || !Number.isInteger(companyId)) return null;
      const impersonatorId = typeof payload.imp === 'number' ? payload.imp : undefined;
      return { userId, companyId, impersonatorId };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
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
