import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

export interface LeaseRow {
  holder: string;
  renewedAt: Date;
  expiresAt: Date;
}

export class LeaseRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Takes the lease when it is free, expired or already ours, in one statement: of two instances trying at once,
   * the row lock of the upsert lets exactly one through. True when `holder` holds it afterwards.
   */
  async acquire(name: string, holder: string, ttlSeconds: number): Promise<boolean> {
    const row = await this.db
      .insertInto('leases')
      .values({ name, holder, renewed_at: sql<Date>`now()`, expires_at: sql<Date>`now() + make_interval(secs => ${ttlSeconds})` })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ holder, renewed_at: sql<Date>`now()`, expires_at: sql<Date>`now() + make_interval(secs => ${ttlSeconds})` })
          .where((eb) => eb.or([eb('leases.expires_at', '<', sql<Date>`now()`), eb('leases.holder', '=', holder)])),
      )
      .returning('holder')
      .executeTakeFirst();
    return row?.holder === holder;
  }

  /** Extends our lease; false when it is no longer ours (it expired and another instance took it). */
  async renew(name: string, holder: string, ttlSeconds: number): Promise<boolean> {
    const result = await this.db
      .updateTable('leases')
      .set({ renewed_at: sql<Date>`now()`, expires_at: sql<Date>`now() + make_interval(secs => ${ttlSeconds})` })
      .where('name', '=', name)
      .where('holder', '=', holder)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Ends our hold now but keeps the row: free for anyone at once, and a record of who held the name last. */
  async lapse(name: string, holder: string): Promise<void> {
    await this.db
      .updateTable('leases')
      .set({ expires_at: sql<Date>`now()` })
      .where('name', '=', name)
      .where('holder', '=', holder)
      .execute();
  }

  /** Names starting with `prefix` whose lease ran out (lapsed or expired) more than `seconds` ago. */
  async lapsedSince(prefix: string, seconds: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('leases')
      .select('name')
      .where(sql<boolean>`starts_with(name, ${prefix})`)
      .where('expires_at', '<', sql<Date>`now() - make_interval(secs => ${seconds})`)
      .orderBy('name')
      .execute();
    return rows.map((row) => row.name);
  }

  async release(name: string, holder: string): Promise<void> {
    await this.db.deleteFrom('leases').where('name', '=', name).where('holder', '=', holder).execute();
  }

  /** The lease as it stands, with times from the database's clock (`now` too), or undefined when free. */
  async find(name: string): Promise<(LeaseRow & { now: Date }) | undefined> {
    const row = await this.db
      .selectFrom('leases')
      .select(['holder', 'renewed_at as renewedAt', 'expires_at as expiresAt', sql<Date>`now()`.as('now')])
      .where('name', '=', name)
      .executeTakeFirst();
    return row;
  }
}
