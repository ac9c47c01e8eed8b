import { createHmac, timingSafeEqual } from 'node:crypto';

export interface UnsubscribeLink {
  /** For the mail's body: opening it turns the user's e-mail notifications off (no sign-in). */
  url: string;
  /** RFC 2369 / RFC 8058 one-click headers for the outbox row. */
  headers: { 'List-Unsubscribe': string; 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/**
 * Signed unsubscribe links: the token names the user and is signed with the instance secret, so it needs no sign-in
 * and no storage, and cannot be made for another user. It does not expire: a mail read a year later must still work.
 * `GET /unsubscribe?token=` (a page) and `POST /api/unsubscribe?token=` (RFC 8058 one-click) accept it.
 */
export class UnsubscribeLinks {
  constructor(
    private readonly secret: string,
    private readonly publicUrl: string,
  ) {}

  forUser(userId: number): UnsubscribeLink {
    const token = `${userId}.${this.sign(userId)}`;
    const url = `${this.publicUrl}/unsubscribe?token=${token}`;
    return {
      url,
      headers: { 'List-Unsubscribe': `<${this.publicUrl}/api/unsubscribe?token=${token}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    };
  }

  /** The user a token names, or null when it is not one of ours. */
  verify(token: unknown): number | null {
    if (typeof token !== 'string') return null;
    const match = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return null;
    const userId = Number(match[1]);
    const expected = Buffer.from(this.sign(userId));
    const given = Buffer.from(match[2]!);
    return expected.length === given.length && timingSafeEqual(expected, given) ? userId : null;
  }

  private sign(userId: number): string {
    return createHmac('sha256', this.secret).update(`unsubscribe:${userId}`).digest('base64url');
  }
}
