import { describe, expect, it } from 'vitest';
import { UnsubscribeLinks } from './unsubscribe.ts';

describe('unsubscribe links', () => {
  const links = new UnsubscribeLinks('secret', 'https://gw.example.com');

  it('names the user in a signed token that only this secret accepts', () => {
    const link = links.forUser(42);
    const token = new URL(link.url).searchParams.get('token');
    expect(link.url).toMatch(/^https:\/\/gw\.example\.com\/unsubscribe\?token=42\./);
    expect(link.headers['List-Unsubscribe']).toBe(`<https://gw.example.com/api/unsubscribe?token=${token}>`);
    expect(link.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(links.verify(token)).toBe(42);
    expect(new UnsubscribeLinks('other', 'https://gw.example.com').verify(token)).toBeNull();
    expect(links.verify(token!.replace(/^42\./, '43.'))).toBeNull();
    expect(links.verify('42')).toBeNull();
    expect(links.verify(undefined)).toBeNull();
  });
});
