import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { UNKNOWN_MODULES_KEPT } from '@gearwatch/contracts';
import type { ModuleProtocol } from '@gearwatch/contracts';
import type { DB } from '../db/schema.ts';

export interface UnknownModuleRow {
  protocol: ModuleProtocol;
  serialNumber: string;
  firstSeenAt: Date;
  lastSeenAt: Date;
  lastAddress: string | null;
  attempts: number;
}

/** Devices that tried to connect unregistered (migration 026): recorded by the protocol listeners, read by super-admins. */
export class UnknownModulesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Records one try: a new device, or one more try of a known one. Then drops the least recently seen beyond
   * UNKNOWN_MODULES_KEPT, so made-up serial numbers cannot grow the table without end.
   */
  async record(protocol: ModuleProtocol, serialNumber: string, address: string | null, at: Date): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('unknown_modules')
        .values({ protocol, serial_number: serialNumber, first_seen_at: at, last_seen_at: at, last_address: address })
        .onConflict((conflict) =>
          conflict.columns(['protocol', 'serial_number']).doUpdateSet({
            last_seen_at: sql`greatest(unknown_modules.last_seen_at, excluded.last_seen_at)`,
            last_address: sql`excluded.last_address`,
            attempts: sql`unknown_modules.attempts + 1`,
          }),
        )
        .execute();
      await sql`
        delete from unknown_modules where (protocol, serial_number) in (
          select protocol, serial_number from unknown_modules order by last_seen_at desc, serial_number offset ${UNKNOWN_MODULES_KEPT}::int
        )`.execute(trx);
    });
  }

  /** The devices not registered since (no module of their protocol has the serial number), the latest tries first. */
  list(limit: number): Promise<UnknownModuleRow[]> {
    return this.db
      .selectFrom('unknown_modules as u')
      .select([
        sql<ModuleProtocol>`u.protocol`.as('protocol'),
        'u.serial_number as serialNumber',
        'u.first_seen_at as firstSeenAt',
        'u.last_seen_at as lastSeenAt',
        'u.last_address as lastAddress',
        'u.attempts',
      ])
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('sensors as s')
              .select('s.id')
              .whereRef('s.protocol', '=', 'u.protocol')
              .where(sql<boolean>`upper(s.serial_number) = upper(u.serial_number)`),
          ),
        ),
      )
      .orderBy('u.last_seen_at', 'desc')
      .orderBy('u.serial_number')
      .limit(limit)
      .execute();
  }

  /** Forgets a device; false when there was none. */
  async dismiss(protocol: ModuleProtocol, serialNumber: string): Promise<boolean> {
    const result = await this.db.deleteFrom('unknown_modules').where('protocol', '=', protocol).where('serial_number', '=', serialNumber).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
