import type { AuthRepository } from './repository.ts';

export interface ThrottleSettings {
  slowdownAfter: number;
  lockAfter: number;
  windowSeconds: number;
  lockSeconds: number;
  slowdownMs: number;
}

/** An address may try this many times more than one (subject, address) pair before it is locked: an address that sprays many accounts. */
export const ADDRESS_FACTOR = 5;
/** The slowdown grows with the subject's failures up to this many steps. */
const MAX_SLOWDOWN_STEPS = 6;

/** The failure counter of one account as typed at sign-in; a user has two, their username and their e-mail. */
export function accountFailureKey(login: string): string {
  return `user:${login.trim().toLowerCase()}`;
}

/** The failure counter of one account's password form (the profile's password change), apart from its sign-in's. */
export function passwordChangeFailureKey(login: string): string {
  return `password-change:${accountFailureKey(login)}`;
}

/**
 * What a throttle guards. Each kind has counters of its own, so guesses at one secret never lock another: wrong current
 * passwords in the profile's password form lock that form, not signing in from the same address (decision 011).
 */
export type ThrottleKind = 'sign-in' | 'module' | 'password-change';

/** The counters' keys of each kind: the subject's, and the prefix of its address's (the pair's is `<subject>@ip:<address>`). */
const KEYS_OF: Record<ThrottleKind, { subject: (subject: string) => string; address: string }> = {
  'sign-in': { subject: accountFailureKey, address: 'ip' },
  module: { subject: (serial) => `module:${serial}`, address: 'module-ip' },
  'password-change': { subject: passwordChangeFailureKey, address: 'password-change-ip' },
};

/** A guess refused for a while: the caller answers 429 with Retry-After. */
export class ThrottledError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many failed attempts; try again in ${retryAfterSeconds} s`);
  }
}

/**
 * Guards a secret (a user's password, a module's security code) against guessing, with the policy of
 * docs/decisions/011-credential-throttling.md:
 * - every attempt is counted BEFORE the secret is checked, in one statement that also decides, so a burst of
 *   concurrent attempts cannot all slip past the limit; a success takes its count back;
 * - a (subject, address) pair is locked after `lockAfter` attempts in the window: the guesser is stopped;
 * - an address is locked after `lockAfter × ADDRESS_FACTOR`: one address spraying many subjects is stopped;
 * - the subject alone is never locked, only slowed down, so nobody can lock the real user (on another address) out;
 *   from `slowdownAfter` failures each further attempt waits a little longer, capped.
 * State is in the database, so every server instance enforces the same limits.
 */
export class AttemptThrottle {
  constructor(
    private readonly repository: AuthRepository,
    private readonly settings: ThrottleSettings,
    private readonly kind: ThrottleKind,
  ) {}

  private keys(subject: string, address: string) {
    const keys = KEYS_OF[this.kind];
    const subjectKey = keys.subject(subject);
    return { subject: subjectKey, pair: `${subjectKey}@ip:${address}`, address: `${keys.address}:${address}` };
  }

  /** Counts the attempt; throws ThrottledError while the pair or the address is locked, else waits the slowdown. */
  async begin(subject: string, address: string): Promise<void> {
    const keys = this.keys(subject, address);
    const { windowSeconds, lockAfter, lockSeconds } = this.settings;
    // The pair first, then its address, in one transaction: a burst on one pair is counted in one order on both.
    const states = await this.repository.countAttempts(
      [
        { key: keys.pair, lockAfter },
        { key: keys.address, lockAfter: lockAfter * ADDRESS_FACTOR },
      ],
      windowSeconds,
      lockSeconds,
    );
    const lockedUntil = states
      .map((state) => state.lockedUntil)
      .filter((d): d is Date => d !== null)
      .sort((a, b) => b.getTime() - a.getTime())[0];
    if (lockedUntil) throw new ThrottledError(Math.max(1, Math.ceil((lockedUntil.getTime() - Date.now()) / 1000)));
    // Counted only for attempts that get to the check: refused ones must not slow the real user down further.
    const bySubject = await this.repository.countAttempt(keys.subject, windowSeconds, null, lockSeconds);
    const excess = bySubject.failures - this.settings.slowdownAfter;
    if (excess > 0 && this.settings.slowdownMs > 0) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(excess, MAX_SLOWDOWN_STEPS) * this.settings.slowdownMs));
    }
  }

  /** The secret was right: the subject's and the pair's counts start again, and the address's count drops this attempt. */
  async succeeded(subject: string, address: string): Promise<void> {
    const keys = this.keys(subject, address);
    await Promise.all([this.repository.clearFailures(keys.subject), this.repository.clearFailures(keys.pair), this.repository.uncountAttempt(keys.address)]);
  }
}
