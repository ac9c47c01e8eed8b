import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { SUBSCRIBER_SORT_FIELDS } from '@gearwatch/contracts';
import type { DB } from '../db/schema.ts';
import type { ListRequest } from '../http/list.ts';
import { likePattern } from '../http/list.ts';
import { pagedList } from '../db/paged-list.ts';

export type SubscriberSortField = (typeof SUBSCRIBER_SORT_FIELDS)[number];

export interface SubscriberRow {
  id: number;
  name: string;
  taxNumber: string | null;
  address: string | null;
  city: string | null;
  email: string | null;
  companyCount: number;
}

export type SubscriberWrite = Omit<SubscriberRow, 'id' | 'companyCount'>;

const SORT_COLUMNS = { id: sql`subscribers.id`, name: sql`lower(subscribers.name)` } as const;

/** Subscribers (the billing parties of companies): list, one subscriber, the form's writes, delete. */
export class SubscribersRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Runs `work` in one transaction with a repository bound to it (use only that one inside). */
  transaction<T>(work: (repository: SubscribersRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new SubscribersRepository(trx)));
  }

  /** One page of subscribers matching the search (name, tax number, city) in the list order, and the total. */
  async list(request: ListRequest<SubscriberSortField>): Promise<{ rows: SubscriberRow[]; total: number }> {
    let query = this.db.selectFrom('subscribers');
    if (request.search) {
      const pattern = likePattern(request.search);
      query = query.where((eb) =>
        eb.or([eb('subscribers.name', 'ilike', pattern), eb('subscribers.tax_number', 'ilike', pattern), eb('subscribers.city', 'ilike', pattern)]),
      );
    }
    const page = await pagedList(query, (matching) => matching.select(COLUMNS), request, { columns: SORT_COLUMNS, tiebreak: sql`subscribers.id` });
    return { rows: page.entries, total: page.total };
  }

  find(id: number): Promise<SubscriberRow | undefined> {
    return this.db.selectFrom('subscribers').select(COLUMNS).where('subscribers.id', '=', id).executeTakeFirst();
  }

  /** Locks the subscriber for the rest of the transaction; false when there is none. */
  async lock(id: number): Promise<boolean> {
    return (await this.db.selectFrom('subscribers').select('id').where('id', '=', id).forUpdate().executeTakeFirst()) !== undefined;
  }

  async insert(subscriber: SubscriberWrite): Promise<number> {
    return (await this.db.insertInto('subscribers').values(columns(subscriber)).returning('id').executeTakeFirstOrThrow()).id;
  }

  async update(id: number, subscriber: SubscriberWrite): Promise<void> {
    await this.db.updateTable('subscribers').set(columns(subscriber)).where('id', '=', id).execute();
  }

  /** The companies billed to the subscriber, by name: what keeps it from being deleted. */
  companiesOf(id: number): Promise<{ id: number; name: string }[]> {
    return this.db
      .selectFrom('companies')
      .select(['id', 'name'])
      .where('subscriber_id', '=', id)
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('subscribers').where('id', '=', id).execute();
  }
}

const COLUMNS = [
  'subscribers.id',
  'subscribers.name',
  'subscribers.tax_number as taxNumber',
  'subscribers.address',
  'subscribers.city',
  'subscribers.email',
  sql<number>`(select count(*)::int from companies c where c.subscriber_id = subscribers.id)`.as('companyCount'),
] as const;

function columns(subscriber: SubscriberWrite) {
  return { name: subscriber.name, tax_number: subscriber.taxNumber, address: subscriber.address, city: subscriber.city, email: subscriber.email };
}
