import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { ClaimedFile } from '../generation/generation-repository.ts';

/** Who a finished file is mailed to: a user (in their language) or a typed-in address (in the asker's). */
export interface Recipient {
  userId: number | null;
  address: string;
  name: string | null;
  language: string;
}

/** The SQL of a finished file's mail: its recipients and when its download link expires. */
export class ReportMailRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The file's users (active ones, with their address) and the configuration's typed-in addresses. */
  async recipients(file: Pick<ClaimedFile, 'id' | 'companyId' | 'configurationId' | 'language'>): Promise<Recipient[]> {
    if (file.configurationId === null) return [];
    const configurationId = file.configurationId;
    const users = await this.db
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
            .where('l.configuration_id', '=', configurationId)
            .whereRef('l.user_id', '=', 'u.id'),
        ),
      )
      .orderBy('u.id')
      .execute();
    const emails = await this.db
      .selectFrom('report_configuration_emails')
      .select('email')
      .where('configuration_id', '=', configurationId)
      .orderBy('email')
      .execute();
    const taken = new Set(users.map((u) => u.email.toLowerCase()));
    return [
      ...users.map((u) => ({ userId: u.id, address: u.email, name: u.name || null, language: u.language })),
      ...emails.filter((e) => !taken.has(e.email.toLowerCase())).map((e) => ({ userId: null, address: e.email, name: null, language: file.language })),
    ];
  }

  /** When the file's download link stops working (its retention), or null when it never expires. */
  async expiresAt(fileId: number): Promise<Date | null> {
    const row = await this.db.selectFrom('report_files').select('expires_at').where('id', '=', fileId).executeTakeFirst();
    return row?.expires_at ? new Date(row.expires_at) : null;
  }
}
