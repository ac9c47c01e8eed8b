import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { ReportFormat } from '@gearwatch/contracts';
import type { DB } from '../db/schema.ts';
import type { OutboxMail } from '../mail/outbox.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { MailSender } from '../mail/sender.ts';
import type { UnsubscribeLinks } from '../mail/unsubscribe.ts';
import { translatorFor } from '../i18n/translator.ts';
import { formatDate, formatDateTime } from '../time/format.ts';
import type { ClaimedFile } from './generation-repository.ts';
import { FilesRepository } from './files-repository.ts';
import type { ReportFileLinks } from './file-links.ts';
import { CONTENT_TYPES } from './file-naming.ts';

/** The attachment source name of report files in the outbox. */
export const REPORT_FILE_ATTACHMENT = 'report-file';

export interface ReportMailOptions {
  publicUrl: string;
  /** REPORT_MAIL_ATTACHMENT_MAX_BYTES: larger files are mailed as a download link. */
  attachmentMaxBytes: number;
  unsubscribeLinks: UnsubscribeLinks;
  fileLinks: ReportFileLinks;
}

interface Recipient {
  userId: number | null;
  address: string;
  name: string | null;
  language: string;
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
    const files = new FilesRepository(db);
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
    const recipients = await recipientsOf(trx, file);
    const expires = await trx.selectFrom('report_files').select('expires_at').where('id', '=', file.id).executeTakeFirst();
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
            expires: expires?.expires_at ? formatDateTime(expires.expires_at, { language: t.language, timeZone: file.timezone }) : '',
          });
      return {
        kind: 'report',
        companyId: file.companyId,
        userId: recipient.userId,
        to: { address: recipient.address, name: recipient.name },
        subject: t.text('reports.mail.subject', values),
        text: [
          recipient.name ? t.text('mail.greeting', { name: recipient.name }) : null,
          recipient.name ? '' : null,
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

/** The file's users (active ones, with their address) and the configuration's typed-in addresses. */
async function recipientsOf(trx: Kysely<DB>, file: ClaimedFile): Promise<Recipient[]> {
  const users = await trx
    .selectFrom('report_file_users as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['u.id', 'u.email', 'u.language', sql<string>`trim(u.firstname || ' ' || u.lastname)`.as('name')])
    .where('r.file_id', '=', file.id)
    .where('u.is_active', '=', true)
    .where('u.company_id', '=', file.companyId)
    // A user who left the configuration (its unsubscribe link) since the file was queued gets no mail.
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('report_configuration_users as l')
          .select('l.user_id')
          .where('l.configuration_id', '=', file.configurationId!)
          .whereRef('l.user_id', '=', 'u.id'),
      ),
    )
    .orderBy('u.id')
    .execute();
  const emails = await trx
    .selectFrom('report_configuration_emails')
    .select('email')
    .where('configuration_id', '=', file.configurationId!)
    .orderBy('email')
    .execute();
  const taken = new Set(users.map((u) => u.email.toLowerCase()));
  return [
    ...users.map((u) => ({ userId: u.id, address: u.email, name: u.name || null, language: u.language })),
    ...emails.filter((e) => !taken.has(e.email.toLowerCase())).map((e) => ({ userId: null, address: e.email, name: null, language: file.language })),
  ];
}
