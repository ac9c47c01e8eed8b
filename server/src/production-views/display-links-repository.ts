import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { TenantScope } from '../security/context.ts';

/** A display link as the API shows it (never its token: only the token's hash is stored). */
export interface DisplayLinkRecord {
  id: number;
  viewId: number;
  label: string;
  createdAt: Date;
  createdBy: number | null;
  createdByName: string | null;
  lastUsedAt: Date | null;
}

/** The SQL of a view's display links (migration 021); every query names the company and the view. */
export class DisplayLinksRepository {
  constructor(readonly db: Kysely<DB>) {}

  transaction<T>(work: (repository: DisplayLinksRepository, trx: Kysely<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new DisplayLinksRepository(trx), trx));
  }

  private base() {
    return this.db
      .selectFrom('production_view_display_links as k')
      .leftJoin('users as u', 'u.id', 'k.created_by')
      .select([
        'k.id',
        'k.view_id as viewId',
        'k.label',
        'k.created_at as createdAt',
        'k.created_by as createdBy',
        sql<string | null>`case when u.id is null then null else coalesce(nullif(trim(u.firstname || ' ' || u.lastname), ''), u.username) end`.as(
          'createdByName',
        ),
        'k.last_used_at as lastUsedAt',
      ]);
  }

  /** The view's company when the view is in the scope; `hold` keeps it from being deleted until the transaction ends. */
  async viewCompany(scope: TenantScope, viewId: number, options: { hold?: boolean } = {}): Promise<number | undefined> {
    let query = this.db.selectFrom('production_views').select('company_id').where('id', '=', viewId);
    if (scope.kind === 'company') query = query.where('company_id', '=', scope.companyId);
    const row = await (options.hold ? query.forKeyShare() : query).executeTakeFirst();
    return row?.company_id;
  }

  async insert(companyId: number, viewId: number, link: { tokenSha256: Buffer; label: string; createdBy: number | null }): Promise<number> {
    const row = await this.db
      .insertInto('production_view_display_links')
      .values({ company_id: companyId, view_id: viewId, token_sha256: link.tokenSha256, label: link.label, created_by: link.createdBy })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The view's links, oldest first. */
  list(companyId: number, viewId: number): Promise<DisplayLinkRecord[]> {
    return this.base().where('k.company_id', '=', companyId).where('k.view_id', '=', viewId).orderBy('k.created_at').orderBy('k.id').execute();
  }

  find(companyId: number, viewId: number, linkId: number): Promise<DisplayLinkRecord | undefined> {
    return this.base().where('k.company_id', '=', companyId).where('k.view_id', '=', viewId).where('k.id', '=', linkId).executeTakeFirst();
  }

  /** Revokes one link of the view; false when the view has no such link. */
  async delete(companyId: number, viewId: number, linkId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('production_view_display_links')
      .where('id', '=', linkId)
      .where('view_id', '=', viewId)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}
