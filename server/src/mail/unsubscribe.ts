import { createHmac, timingSafeEqual } from 'node:crypto';

/** Who receives a report: a user of the company, or an address typed in the wizard. */
export type ReportRecipient = { userId: number } | { email: string };

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

  /**
   * A link that takes one recipient (a user, or a typed-in address) off one report configuration's mailing only
   * (docs/reports.md "Mail"); the same pages and one-click POST accept it.
   */
  forReportRecipient(configurationId: number, recipient: ReportRecipient): UnsubscribeLink {
    const who = 'userId' in recipient ? `u${recipient.userId}` : `e${Buffer.from(recipient.email.toLowerCase()).toString('base64url')}`;
    const token = `r${configurationId}.${who}.${this.signText(`report:${configurationId}:${who}`)}`;
    return {
      url: `${this.publicUrl}/unsubscribe?token=${token}`,
      headers: { 'List-Unsubscribe': `<${this.publicUrl}/api/unsubscribe?token=${token}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    };
  }

  /** The configuration and recipient a report token names, or null when it is not one of ours. */
  verifyReport(token: unknown): { configurationId: number; recipient: ReportRecipient } | null {
    if (typeof token !== 'string') return null;
    const match = /^r(\d{1,10})\.(u\d{1,10}|e[A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return null;
    const expected = Buffer.from(this.signText(`report:${match[1]}:${match[2]}`));
    const given = Buffer.from(match[3]!);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    const who = match[2]!;
    const recipient = who.startsWith('u') ? { userId: Number(who.slice(1)) } : { email: Buffer.from(who.slice(1), 'base64url').toString('utf8') };
    return { configurationId: Number(match[1]), recipient };
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
    return this.signText(`unsubscribe:${userId}`);
  }

  private signText(text: string): string {
    return createHmac('sha256', this.secret).update(text).digest('base64url');
  }
}
