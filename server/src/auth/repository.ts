import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

export interface StoredRefreshToken {
  id: number;
  familyId: string;
  userId: number;
  clientId: number;
  impersonatorId: number | null;
  expiresAt: Date;
  rotatedAt: Date | null;
  revokedAt: Date | null;
}

export interface FailureState {
  failures: number;
  lockedUntil: Date | null;
}

export class AuthRepository {
  constructor(private readonly db: Kysely<DB>) {}

  findClient(clientId: string) {
    return this.db.selectFrom('oauth_clients').select(['id', 'client_id', 'secret_hash']).where('client_id', '=', clientId).executeTakeFirst();
  }

  async upsertClient(clientId: string, secretHash: string, name: string): Promise<void> {
    await this.db
      .insertInto('oauth_clients')
      .values({ client_id: clientId, secret_hash: secretHash, name })
      .onConflict((oc) => oc.column('client_id').doUpdateSet({ secret_hash: secretHash, name }))
      .execute();
  }

  async insertRefreshToken(values: {
    tokenHash: string;
    familyId: string;
    userId: number;
    clientId: number;
    impersonatorId: number | null;
    expiresAt: Date;
  }): Promise<void> {
    await this.db
      .insertInto('refresh_tokens')
      .values({
        token_hash: values.tokenHash,
        family_id: values.familyId,
        user_id: values.userId,
        client_id: values.clientId,
        impersonator_id: values.impersonatorId,
        expires_at: values.expiresAt,
      })
      .execute();
  }

  async findRefreshToken(tokenHash: string): Promise<StoredRefreshToken | undefined> {
    const row = await this.db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      familyId: row.family_id,
      userId: row.user_id,
      clientId: row.client_id,
      impersonatorId: row.impersonator_id,
      expiresAt: row.expires_at,
      rotatedAt: row.rotated_at,
      revokedAt: row.revoked_at,
    };
  }

  /** Marks a token used; false when another request rotated it first (the loser is treated as a reuse). */
  async markRotated(id: number): Promise<boolean> {
    const result = await this.db
      .updateTable('refresh_tokens')
      .set({ rotated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('rotated_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: sql<Date>`now()` })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async revokeAllForUser(userId: number): Promise<void> {
    await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: sql<Date>`now()` })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async deleteExpiredTokens(before: Date): Promise<void> {
    await this.db.deleteFrom('refresh_tokens').where('expires_at', '<', before).execute();
  }

  /**
   * Counts one attempt under each of `counters` in one transaction, in the order given: the first counter's row lock
   * is held until the last is counted, so concurrent attempts on the same first key are counted in the same order on
   * every key (the third attempt on a pair is also among the first three on its address), and the limits decide the
   * same way however the attempts interleave. Always give shared keys in the same order (no deadlock).
   */
  async countAttempts(counters: readonly { key: string; lockAfter: number | null }[], windowSeconds: number, lockSeconds: number): Promise<FailureState[]> {
    return this.db.transaction().execute(async (trx) => {
      const repository = new AuthRepository(trx);
      const states: FailureState[] = [];
      for (const { key, lockAfter } of counters) states.push(await repository.countAttempt(key, windowSeconds, lockAfter, lockSeconds));
      return states;
    });
  }

  /**
   * Counts one attempt under `key` and decides in the same statement: the count within the window (a new window once
   * the old one has passed) and, when it passes `lockAfter`, a lock until now + `lockSeconds`. Concurrent attempts
   * each get their own count from the row lock of the upsert, so the (lockAfter + 1)-th is refused however they
   * arrive. `lockAfter` null: counted, never locked.
   */
  async countAttempt(key: string, windowSeconds: number, lockAfter: number | null, lockSeconds: number): Promise<FailureState> {
    const windowOpen = sql<boolean>`auth_failures.window_started_at + make_interval(secs => ${windowSeconds}) > now()`;
    const count = sql<number>`case when ${windowOpen} then auth_failures.failures + 1 else 1 end`;
    const row = await this.db
      .insertInto('auth_failures')
      .values({ key, failures: 1, window_started_at: sql<Date>`now()` })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          failures: count,
          window_started_at: sql<Date>`case when ${windowOpen} then auth_failures.window_started_at else now() end`,
          locked_until:
            lockAfter === null
              ? sql<Date | null>`auth_failures.locked_until`
              : sql<Date | null>`case when auth_failures.locked_until > now() then auth_failures.locked_until
                  when ${count} > ${lockAfter} then now() + make_interval(secs => ${lockSeconds})
                  else auth_failures.locked_until end`,
        }),
      )
      .returning(['failures', 'locked_until'])
      .executeTakeFirstOrThrow();
    const locked = row.locked_until && row.locked_until.getTime() > Date.now() ? row.locked_until : null;
    return { failures: row.failures, lockedUntil: locked };
  }

  /** Takes back one counted attempt that turned out to be a success (an address shared by many users). */
  async uncountAttempt(key: string): Promise<void> {
    await this.db
      .updateTable('auth_failures')
      .set({ failures: sql<number>`greatest(failures - 1, 0)` })
      .where('key', '=', key)
      .execute();
  }

  async clearFailures(key: string): Promise<void> {
    await this.db.deleteFrom('auth_failures').where('key', '=', key).execute();
  }

  /** Clears an account's counter and every (account, address) counter under it (`<key>@…`). */
  async clearAccountFailures(accountKey: string): Promise<void> {
    await this.db
      .deleteFrom('auth_failures')
      .where((eb) => eb.or([eb('key', '=', accountKey), eb(sql<string>`left(key, ${accountKey.length + 1})`, '=', `${accountKey}@`)]))
      .execute();
  }

  async getOrCreateSecret(name: string, create: () => string): Promise<string> {
    await this.db
      .insertInto('instance_secrets')
      .values({ name, value: create() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await this.db.selectFrom('instance_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
    return row.value;
  }
}
