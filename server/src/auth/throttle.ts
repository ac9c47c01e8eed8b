import type { AuthRepository } from './repository.ts';
import { OAuthError } from '../http/errors.ts';

export interface ThrottleSettings {
  slowdownAfter: number;
  lockAfter: number;
  windowSeconds: number;
  lockSeconds: number;
  slowdownMs: number;
}

/** Address limits are looser: many people may share one office address. */
const ADDRESS_FACTOR = 5;

/** The failure counter of one account as typed at sign-in; a user has two, their username and their e-mail. */
export function accountFailureKey(login: string): string {
  return `user:${login.trim().toLowerCase()}`;
}

/**
 * Guards password sign-in against guessing, per account and per client address: after a few failures each
 * attempt is slowed down, and past the limit sign-in is refused for a while with 429 and Retry-After.
 * State is in the database, so every server instance enforces the same limits.
 */
export class LoginThrottle {
  constructor(
    private readonly repository: AuthRepository,
    private readonly settings: ThrottleSettings,
  ) {}

  private keys(login: string, address: string) {
    return { account: accountFailureKey(login), address: `ip:${address}` };
  }

  /** Throws 429 while locked; otherwise waits in proportion to the recent failures. */
  async beforeAttempt(login: string, address: string): Promise<void> {
    const { account, address: addressKey } = this.keys(login, address);
    const [accountState, addressState] = await Promise.all([
      this.repository.getFailures(account, this.settings.windowSeconds),
      this.repository.getFailures(addressKey, this.settings.windowSeconds),
    ]);
    const lockedUntil = [accountState.lockedUntil, addressState.lockedUntil]
      .filter((d): d is Date => d !== null)
      .sort((a, b) => b.getTime() - a.getTime())[0];
    if (lockedUntil) {
      const retryAfter = Math.max(1, Math.ceil((lockedUntil.getTime() - Date.now()) / 1000));
      throw new OAuthError('too_many_attempts', `Too many failed sign-in attempts; try again in ${retryAfter} s`, 429, retryAfter);
    }
    const excess = accountState.failures - this.settings.slowdownAfter + 1;
    if (excess > 0 && this.settings.slowdownMs > 0) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(excess, 6) * this.settings.slowdownMs));
    }
  }

  async recordFailure(login: string, address: string): Promise<void> {
    const { account, address: addressKey } = this.keys(login, address);
    const accountFailures = await this.repository.recordFailure(account, this.settings.windowSeconds);
    const addressFailures = await this.repository.recordFailure(addressKey, this.settings.windowSeconds);
    if (accountFailures >= this.settings.lockAfter) await this.repository.lock(account, this.settings.lockSeconds);
    if (addressFailures >= this.settings.lockAfter * ADDRESS_FACTOR) await this.repository.lock(addressKey, this.settings.lockSeconds);
  }

  async recordSuccess(login: string): Promise<void> {
    await this.repository.clearFailures(this.keys(login, '').account);
  }
}
