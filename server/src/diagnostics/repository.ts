import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** What the diagnostics read besides the rollups (rollups/repository.ts) and the raw readings (raw-repository.ts). */
export class DiagnosticsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The user's interface language, for documents the server writes (spreadsheets). */
  async languageOf(userId: number): Promise<string> {
    const row = await this.db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
    return row?.language ?? 'pl';
  }
}
