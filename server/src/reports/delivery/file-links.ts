import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed download links of report files, for mail whose file is too large to attach (and for typed-in recipients,
 * who have no account): the token names the file and is signed with the instance secret; it works until the file
 * expires (retention), with no sign-in.
 */
export class ReportFileLinks {
  constructor(
    private readonly secret: string,
    private readonly publicUrl: string,
  ) {}

  url(fileId: number): string {
    return `${this.publicUrl}/api/reports/files/${fileId}/link?token=${this.sign(fileId)}`;
  }

  verify(fileId: number, token: unknown): boolean {
    if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(token)) return false;
    const expected = Buffer.from(this.sign(fileId));
    return timingSafeEqual(expected, Buffer.from(token));
  }

  private sign(fileId: number): string {
    return createHmac('sha256', this.secret).update(`report-file:${fileId}`).digest('base64url');
  }
}
