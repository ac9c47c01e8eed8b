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

  it('names a report configuration and one recipient, a user or a typed-in address, in a report link', () => {
    const forUser = new URL(links.forReportRecipient(7, { userId: 42 }).url).searchParams.get('token');
    const forAddress = new URL(links.forReportRecipient(7, { email: 'Ops@Example.org' }).url).searchParams.get('token');
    expect(links.verifyReport(forUser)).toEqual({ configurationId: 7, recipient: { userId: 42 } });
    expect(links.verifyReport(forAddress)).toEqual({ configurationId: 7, recipient: { email: 'ops@example.org' } });
    expect(links.verifyReport(forUser!.replace(/^r7\./, 'r8.'))).toBeNull();
    expect(links.verifyReport(forUser!.replace('.u42.', '.u43.'))).toBeNull();
    expect(new UnsubscribeLinks('other', 'https://gw.example.com').verifyReport(forUser)).toBeNull();
    // The two kinds of link never stand for each other.
    expect(links.verify(forUser)).toBeNull();
    expect(links.verifyReport(new URL(links.forUser(42).url).searchParams.get('token'))).toBeNull();
  });
});
