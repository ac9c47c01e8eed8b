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
    await this.db.updateTable('refresh_tokens').set({ revoked_at: sql<Date>`now()` }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
  }

  async deleteExpiredTokens(before: Date): Promise<void> {
    await this.db.deleteFrom('refresh_tokens').where('expires_at', '<', before).execute();
  }

  async getFailures(key: string, windowSeconds: number): Promise<FailureState> {
    const row = await this.db
      .selectFrom('auth_failures')
      .select(['failures', 'locked_until', 'window_started_at'])
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) return { failures: 0, lockedUntil: null };
    const windowOpen = row.window_started_at.getTime() + windowSeconds * 1000 > Date.now();
    const locked = row.locked_until && row.locked_until.getTime() > Date.now() ? row.locked_until : null;
    return { failures: windowOpen ? row.failures : 0, lockedUntil: locked };
  }

  /** Counts one failure in the key's window (a new window once the old one has passed); returns the new count. */
  async recordFailure(key: string, windowSeconds: number): Promise<number> {
    const row = await this.db
      .insertInto('auth_failures')
      .values({ key, failures: 1, window_started_at: sql<Date>`now()` })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          failures: sql<number>`case when auth_failures.window_started_at + make_interval(secs => ${windowSeconds}) > now()
            then auth_failures.failures + 1 else 1 end`,
          window_started_at: sql<Date>`case when auth_failures.window_started_at + make_interval(secs => ${windowSeconds}) > now()
            then auth_failures.window_started_at else now() end`,
        }),
      )
      .returning('failures')
      .executeTakeFirstOrThrow();
    return row.failures;
  }

  async lock(key: string, seconds: number): Promise<void> {
    await this.db
      .updateTable('auth_failures')
      .set({ locked_until: sql<Date>`now() + make_interval(secs => ${seconds})` })
      .where('key', '=', key)
      .execute();
  }

  async clearFailures(key: string): Promise<void> {
    await this.db.deleteFrom('auth_failures').where('key', '=', key).execute();
  }

  async getOrCreateSecret(name: string, create: () => string): Promise<string> {
    await this.db.insertInto('instance_secrets').values({ name, value: create() }).onConflict((oc) => oc.column('name').doNothing()).execute();
    const row = await this.db.selectFrom('instance_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
    return row.value;
  }
}
