import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** One event of the log as a stream sends it. */
export interface LoggedEvent {
  id: number;
  userId: number;
  type: string;
  payload: unknown;
}

/** A stream that has not yet caught up with the hub's horizon: its user and the last id it has. */
export interface StreamCursor {
  userId: number;
  afterId: number;
}

export interface FanOutRead {
  /** The highest id in the log when the read was made (0 when empty): every event up to it is final. */
  head: number;
  /** Events of `users` after the horizon up to `head` (at most `limit`, in id order). */
  fresh: LoggedEvent[];
  /** Per cursor behind the horizon, its user's events after it up to the horizon (at most `limit` each). */
  behind: LoggedEvent[];
}

/** The reads of `GET /api/events` and the pruning of the log (migration 015). */
export class StreamRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The highest event id (0 for an empty log). */
  async head(): Promise<number> {
    const row = await sql<{ head: number }>`select coalesce(max(id), 0)::bigint as head from user_events`.execute(this.db);
    return Number(row.rows[0]?.head ?? 0);
  }

  /**
   * One read for every connected stream of the instance: the events of the connected users after the horizon (a
   * range of the primary key, however many users), and for the streams still behind it (a resumed stream) their own
   * user's events up to the horizon, through the (user_id, id) index. The head is read in the same statement, so
   * it is the snapshot's.
   */
  async readForStreams(horizon: number, users: readonly number[], behind: readonly StreamCursor[], limit: number): Promise<FanOutRead> {
    const result = await sql<{
      head: number;
      part: 'fresh' | 'behind' | null;
      id: number | null;
      user_id: number | null;
      type: string | null;
      payload: unknown;
    }>`
      with head as (select coalesce(max(id), 0)::bigint as head from user_events),
      fresh as (
        select 'fresh'::text as part, e.id, e.user_id, e.type, e.payload from user_events e, head
        where e.id > ${horizon}::bigint and e.id <= head.head and e.user_id = any(${users as number[]}::int[])
        order by e.id limit ${limit}
      ),
      cursors as (select * from unnest(${behind.map((c) => c.userId)}::int[], ${behind.map((c) => c.afterId)}::bigint[]) as c(user_id, after_id)),
      late as (
        select 'behind'::text as part, e.id, e.user_id, e.type, e.payload from cursors c
        cross join lateral (
          select id, user_id, type, payload from user_events u
          where u.user_id = c.user_id and u.id > c.after_id and u.id <= ${horizon}::bigint
          order by u.id limit ${limit}
        ) e
      ),
      rows as (select * from fresh union all select * from late)
      select head.head, rows.part, rows.id, rows.user_id, rows.type, rows.payload
      from head left join rows on true
      order by rows.id`.execute(this.db);
    const read: FanOutRead = { head: Number(result.rows[0]?.head ?? 0), fresh: [], behind: [] };
    for (const row of result.rows) {
      if (row.part === null || row.id === null || row.user_id === null || row.type === null) continue;
      read[row.part].push({ id: Number(row.id), userId: row.user_id, type: row.type, payload: row.payload });
    }
    return read;
  }

  /** Deletes events created before `before`; answers how many. */
  async prune(before: Date): Promise<number> {
    const result = await this.db.deleteFrom('user_events').where('created_at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
