import { createHmac, timingSafeEqual } from 'node:crypto';
import { FORM_TOKEN_TTL_SECONDS } from '@gearwatch/contracts';

/** What a form token is bound to: who opened which form. `id` is null for a new row. */
export interface FormTokenSubject {
  userId: number;
  resource: string;
  id: number | null;
}

/**
 * The `token` of a server-driven form: proof that the submit follows a form this server handed to this user for
 * this row, recently. An HMAC over user, resource, row and expiry, so nothing is stored; a submit without it, with
 * another user's or row's, or after FORM_TOKEN_TTL_SECONDS is refused.
 */
export class FormTokens {
  constructor(
    private readonly secret: string,
    private readonly ttlSeconds = FORM_TOKEN_TTL_SECONDS,
    private readonly now: () => number = Date.now,
  ) {}

  issue(subject: FormTokenSubject): string {
    const expires = Math.floor(this.now() / 1000) + this.ttlSeconds;
    return `${expires}.${this.sign(subject, expires)}`;
  }

  verify(subject: FormTokenSubject, token: unknown): boolean {
    if (typeof token !== 'string') return false;
    const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return false;
    const expires = Number(match[1]);
    if (expires * 1000 < this.now()) return false;
    const expected = Buffer.from(this.sign(subject, expires));
    const given = Buffer.from(match[2]!);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private sign(subject: FormTokenSubject, expires: number): string {
    return createHmac('sha256', this.secret)
      .update(`form:${subject.userId}:${subject.resource}:${subject.id ?? 'new'}:${expires}`)
      .digest('base64url');
  }
}
