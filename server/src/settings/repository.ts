import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

export class UserSettingsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  list(userId: number) {
    return this.db.selectFrom('user_settings').select(['key', 'value']).where('user_id', '=', userId).orderBy('key').execute();
  }

  find(userId: number, key: string) {
    return this.db.selectFrom('user_settings').select(['key', 'value']).where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
  }

  async upsert(companyId: number, userId: number, key: string, value: unknown): Promise<void> {
    const json = JSON.stringify(value);
    await this.db
      .insertInto('user_settings')
      .values({ company_id: companyId, user_id: userId, key, value: json })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doUpdateSet({ value: json, updated_at: sql<Date>`now()` }))
      .execute();
  }

  async remove(userId: number, key: string): Promise<boolean> {
    const result = await this.db.deleteFrom('user_settings').where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
