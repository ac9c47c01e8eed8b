import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccessTokens, CLOCK_TOLERANCE_SECONDS } from './tokens.ts';

const SECRET = 'a-test-secret-of-enough-length-for-hs256';
const TTL = 900;
const claims = { userId: 7, companyId: 3 };

/** Signs as an instance whose clock reads `at`, then returns to the real clock (another instance's). */
async function signedAt(tokens: AccessTokens, at: number): Promise<string> {
  vi.useFakeTimers({ toFake: ['Date'], now: at });
  try {
    return await tokens.sign(claims);
  } finally {
    vi.useRealTimers();
  }
}

describe('access tokens between instances whose clocks differ', () => {
  afterEach(() => vi.useRealTimers());

  it('accepts a token signed on an instance a few seconds ahead, or on this one before its clock was stepped back', async () => {
    const tokens = new AccessTokens(SECRET, TTL);
    const token = await signedAt(tokens, Date.now() + 5_000);
    expect(await tokens.verify(token)).toMatchObject(claims);
  });

  it('refuses a token issued further in the future than the tolerance', async () => {
    const tokens = new AccessTokens(SECRET, TTL);
    const token = await signedAt(tokens, Date.now() + (CLOCK_TOLERANCE_SECONDS + 30) * 1000);
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a token past its expiry to the second: the tolerance is only for the issue time', async () => {
    const tokens = new AccessTokens(SECRET, TTL);
    expect(await tokens.verify(await signedAt(tokens, Date.now() - (TTL - 5) * 1000))).toMatchObject(claims);
    expect(await tokens.verify(await signedAt(tokens, Date.now() - (TTL + 2) * 1000))).toBeNull();
  });

  it('refuses a token signed with another secret', async () => {
    const token = await new AccessTokens(`${SECRET}-other`, TTL).sign(claims);
    expect(await new AccessTokens(SECRET, TTL).verify(token)).toBeNull();
  });
});
