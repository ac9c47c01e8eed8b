import { randomUUID } from 'node:crypto';
import type { TokenRequest, TokenResponse, TokenRevocationRequest } from '@gearwatch/contracts';
import { OAuthError } from '../http/errors.ts';
import { mayImpersonate } from '../security/impersonation-policy.ts';
import type { UsersRepository, UserRecord } from '../users/repository.ts';
import type { AuthContext } from '../security/context.ts';
import { verifyPassword } from '../security/passwords.ts';
import type { AuthRepository } from './repository.ts';
import type { AttemptThrottle } from './throttle.ts';
import { ThrottledError } from './throttle.ts';
import type { AccessTokens } from '../security/tokens.ts';
import { newOpaqueToken, safeEqual, sha256 } from '../security/tokens.ts';

export interface AuthServiceOptions {
  refreshTokenTtlDays: number;
}

const INVALID_CREDENTIALS = 'Invalid username or password';

export class AuthService {
  constructor(
    private readonly authRepository: AuthRepository,
    private readonly usersRepository: UsersRepository,
    private readonly accessTokens: AccessTokens,
    private readonly throttle: AttemptThrottle,
    private readonly options: AuthServiceOptions,
  ) {}

  async registerClient(clientId: string, secret: string, name: string): Promise<void> {
    await this.authRepository.upsertClient(clientId, sha256(secret), name);
  }

  /** The token endpoint: password and refresh_token grants (RFC 6749 §4.3, §6). */
  async grant(request: TokenRequest, address: string): Promise<TokenResponse> {
    const client = await this.authenticateClient(request.client_id, request.client_secret, 401);
    if (request.grant_type === 'password') return this.passwordGrant(client.id, request.username, request.password, address);
    return this.refreshGrant(client.id, request.refresh_token);
  }

  /**
   * Token revocation (RFC 7009), used for logout: ends the refresh token's whole family. An unknown token, or one
   * issued to another client, changes nothing and gets the same answer, so the call reveals nothing about tokens.
   * Access tokens are not stored and cannot be revoked; they expire within ACCESS_TOKEN_TTL_SECONDS.
   */
  async revoke(request: TokenRevocationRequest): Promise<void> {
    // RFC 7009 §2.2.1 answers a failed client authentication as RFC 6749 §5.2 does; 400 as the client sends no
    // Authorization header.
    const client = await this.authenticateClient(request.client_id, request.client_secret, 400);
    const stored = await this.authRepository.findRefreshToken(sha256(request.token));
    if (!stored || stored.clientId !== client.id) return;
    await this.authRepository.revokeFamily(stored.familyId);
  }

  /** The internal id of a registered client, without its secret: for sessions started by an authenticated user. */
  async clientKey(clientId: string): Promise<number | undefined> {
    return (await this.authRepository.findClient(clientId))?.id;
  }

  /** A new session as `user` on behalf of `impersonatorId`: its own refresh-token family, marked with the impersonator. */
  startImpersonation(user: UserRecord, clientKey: number, impersonatorId: number): Promise<TokenResponse> {
    return this.issue(user, clientKey, randomUUID(), impersonatorId);
  }

  private async authenticateClient(clientId: string, secret: string, status: 400 | 401) {
    const client = await this.authRepository.findClient(clientId);
    if (!client || !safeEqual(client.secret_hash, sha256(secret))) {
      throw new OAuthError('invalid_client', 'Unknown client or wrong client secret', status);
    }
    return client;
  }

  private async passwordGrant(clientId: number, login: string, password: string, address: string): Promise<TokenResponse> {
    try {
      await this.throttle.begin(login, address);
    } catch (error) {
      if (error instanceof ThrottledError) throw new OAuthError('too_many_attempts', error.message, 429, error.retryAfterSeconds);
      throw error;
    }
    const user = await this.usersRepository.findByLogin(login);
    const valid = await verifyPassword(user?.passwordHash ?? null, password);
    // A failure stays counted (begin counted it); a success takes it back.
    if (!user || !valid || !user.isActive) throw new OAuthError('invalid_grant', INVALID_CREDENTIALS);
    await this.throttle.succeeded(login, address);
    await this.usersRepository.recordLogin(user.id);
    return this.issue(user, clientId, randomUUID(), null);
  }

  private async refreshGrant(clientId: number, refreshToken: string): Promise<TokenResponse> {
    const stored = await this.authRepository.findRefreshToken(sha256(refreshToken));
    if (!stored || stored.clientId !== clientId) throw new OAuthError('invalid_grant', 'Unknown refresh token');
    if (stored.revokedAt) throw new OAuthError('invalid_grant', 'Refresh token revoked');
    if (stored.expiresAt.getTime() <= Date.now()) throw new OAuthError('invalid_grant', 'Refresh token expired');
    if (stored.rotatedAt || !(await this.authRepository.markRotated(stored.id))) {
      // A token that was already exchanged is being replayed: whoever holds the family may be an attacker.
      await this.authRepository.revokeFamily(stored.familyId);
      throw new OAuthError('invalid_grant', 'Refresh token reused; the session was ended');
    }
    const user = await this.usersRepository.findById(stored.userId);
    if (!user || !user.isActive) {
      await this.authRepository.revokeFamily(stored.familyId);
      throw new OAuthError('invalid_grant', 'User no longer active');
    }
    if (stored.impersonatorId !== null && !(await this.impersonationStillAllowed(stored.impersonatorId, user))) {
      await this.authRepository.revokeFamily(stored.familyId);
      throw new OAuthError('invalid_grant', 'Impersonation no longer allowed');
    }
    return this.issue(user, clientId, stored.familyId, stored.impersonatorId);
  }

  private async issue(user: UserRecord, clientId: number, familyId: string, impersonatorId: number | null): Promise<TokenResponse> {
    const refreshToken = newOpaqueToken();
    await this.authRepository.insertRefreshToken({
      tokenHash: sha256(refreshToken),
      familyId,
      userId: user.id,
      clientId,
      impersonatorId,
      expiresAt: new Date(Date.now() + this.options.refreshTokenTtlDays * 86_400_000),
    });
    const accessToken = await this.accessTokens.sign({
      userId: user.id,
      companyId: user.companyId,
      ...(impersonatorId ? { impersonatorId } : {}),
    });
    return { access_token: accessToken, refresh_token: refreshToken, expires_in: this.accessTokens.expiresIn, token_type: 'bearer' };
  }

  /** Resolves a bearer token to the caller; null when the token is invalid or the user is gone or disabled. */
  async authenticate(bearer: string): Promise<AuthContext | null> {
    const claims = await this.accessTokens.verify(bearer);
    if (!claims) return null;
    const user = await this.usersRepository.findById(claims.userId);
    if (!user || !user.isActive || user.companyId !== claims.companyId) return null;
    // The impersonator is re-checked like the user: taking away their right ends the sessions they opened at once.
    if (claims.impersonatorId && !(await this.impersonationStillAllowed(claims.impersonatorId, user))) return null;
    return {
      userId: user.id,
      companyId: user.companyId,
      isSuperAdmin: user.isSuperAdmin,
      canImpersonate: user.canImpersonate,
      ...(claims.impersonatorId ? { impersonatorId: claims.impersonatorId } : {}),
      ...(claims.expiresAt ? { tokenExpiresAt: claims.expiresAt } : {}),
    };
  }

  private async impersonationStillAllowed(impersonatorId: number, user: UserRecord): Promise<boolean> {
    const impersonator = await this.usersRepository.findById(impersonatorId);
    return impersonator !== undefined && mayImpersonate(impersonator, user);
  }
}
