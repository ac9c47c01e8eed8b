import { describe, expect, it } from 'vitest';
import { FormTokens } from './token.ts';

describe('FormTokens', () => {
  const subject = { userId: 7, resource: 'devicegroups', id: 3 };
  let now = Date.UTC(2026, 10, 23, 12);
  const tokens = new FormTokens('secret', 3600, () => now);

  it('accepts its own token for the same user, resource and row until it expires', () => {
    const token = tokens.issue(subject);
    expect(tokens.verify(subject, token)).toBe(true);
    now += 3_599_000;
    expect(tokens.verify(subject, token)).toBe(true);
    now += 2_000;
    expect(tokens.verify(subject, token)).toBe(false);
  });

  it("refuses another user's, resource's or row's token, a forged or altered one, and anything not a token", () => {
    const token = tokens.issue(subject);
    expect(tokens.verify({ ...subject, userId: 8 }, token)).toBe(false);
    expect(tokens.verify({ ...subject, resource: 'devices' }, token)).toBe(false);
    expect(tokens.verify({ ...subject, id: null }, token)).toBe(false);
    expect(tokens.verify(subject, new FormTokens('other', 3600, () => now).issue(subject))).toBe(false);
    const [expires, signature] = token.split('.') as [string, string];
    expect(tokens.verify(subject, `${Number(expires) + 100}.${signature}`)).toBe(false);
    for (const bad of [undefined, null, 42, '', 'x.y', `${expires}.`, ['a']]) expect(tokens.verify(subject, bad)).toBe(false);
  });
});
