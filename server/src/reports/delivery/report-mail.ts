import type { Kysely } from 'kysely';
import type { ReportFormat } from '@gearwatch/contracts';
import type { DB } from '../../db/schema.ts';
import type { OutboxMail } from '../../mail/outbox.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import type { MailSender } from '../../mail/sender.ts';
import type { UnsubscribeLinks } from '../../mail/unsubscribe.ts';
import { translatorFor } from '../../i18n/translator.ts';
import { formatDate, formatDateTime } from '../../time/format.ts';
import type { ClaimedFile } from '../generation/generation-repository.ts';
import type { ReportFileLinks } from './file-links.ts';
import { CONTENT_TYPES } from '../generation/file-naming.ts';
import type { ReportRepositoryFactory } from '../work-repositories.ts';

/** The attachment source name of report files in the outbox. */
export const REPORT_FILE_ATTACHMENT = 'report-file';

export interface ReportMailOptions {
  repositories: ReportRepositoryFactory;
  publicUrl: string;
  /** REPORT_MAIL_ATTACHMENT_MAX_BYTES: larger files are mailed as a download link. */
  attachmentMaxBytes: number;
  unsubscribeLinks: UnsubscribeLinks;
  fileLinks: ReportFileLinks;
}

/**
 * The mail of a finished file (docs/reports.md "Mail"): one outbox mail per recipient of its configuration, written in
 * the transaction that marks the file DONE, so each file is mailed once. Users in their language, typed-in addresses
 * in the language of the one who asked; the file attached up to the size limit (by reference: the sender reads its
 * chunks), a signed download link beyond it; an unsubscribe link (and RFC 8058 headers) for that configuration only.
 */
export class ReportMail {
  constructor(private readonly options: ReportMailOptions) {}

  /** Registers the attachment source on the sender and this mail on the generator's DONE. */
  attachTo(sender: MailSender, db: Kysely<DB>): void {
    const files = this.options.repositories(db).reportFiles;
    sender.attachmentSource(REPORT_FILE_ATTACHMENT, async (fileId) => {
      const file = await files.byId(fileId);
      if (!file || file.status !== 'DONE') return null;
      const parts: Buffer[] = [];
      for (const seq of await files.chunkSeqs(fileId, file.attempt)) parts.push((await files.chunk(fileId, file.attempt, seq))!);
      return Buffer.concat(parts);
    });
  }

  readonly onDone = async (trx: Kysely<DB>, file: ClaimedFile, size: number): Promise<void> => {
    if (file.configurationId === null) return;
    const repository = this.options.repositories(trx).reportMail;
    const recipients = await repository.recipients(file);
    const expiresAt = await repository.expiresAt(file.id);
    const attach = size <= this.options.attachmentMaxBytes;
    const mails: OutboxMail[] = recipients.map((recipient) => {
      const t = translatorFor(recipient.language);
      const unsubscribe = this.options.unsubscribeLinks.forReportRecipient(
        file.configurationId!,
        recipient.userId !== null ? { userId: recipient.userId } : { email: recipient.address },
      );
      const values = { name: file.subject.title ?? file.name, from: formatDate(file.from, t.language), to: formatDate(file.to, t.language), file: file.name };
      const body = attach
        ? t.text('reports.mail.attached', values)
        : t.text('reports.mail.link', {
            ...values,
            url: this.options.fileLinks.url(file.id),
            expires: expiresAt ? formatDateTime(expiresAt, { language: t.language, timeZone: file.timezone }) : '',
          });
      return {
        kind: 'report',
        companyId: file.companyId,
        userId: recipient.userId,
        to: { address: recipient.address, name: recipient.name },
        subject: t.text('reports.mail.subject', values),
        text: [
          // A typed-in address has no name, but is greeted as every other recipient is.
          recipient.name ? t.text('mail.greeting', { name: recipient.name }) : t.text('mail.greeting-unnamed'),
          '',
          body,
          '',
          recipient.userId !== null ? t.text('reports.mail.list', { url: `${this.options.publicUrl}/reports-list` }) : null,
          '',
          '-- ',
          t.text('reports.mail.unsubscribe', { name: values.name, url: unsubscribe.url }),
        ]
          .filter((line): line is string => line !== null)
          .join('\n'),
        headers: unsubscribe.headers,
        ref: { reportFileId: file.id, configurationId: file.configurationId },
        dedupeKey: `report-file:${file.id}:${recipient.userId ?? recipient.address.toLowerCase()}`,
        ...(attach
          ? { attachments: [{ filename: file.name, contentType: CONTENT_TYPES[file.format as ReportFormat], source: REPORT_FILE_ATTACHMENT, id: file.id }] }
          : {}),
      };
    });
    await enqueueMail(trx, mails);
  };
}
