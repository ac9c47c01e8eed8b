import { PARAMETER_NUMBERS } from '@gearwatch/contracts';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * Whether any work, active or counter reading of the devices fell on the local dates from..to (the day rollup is in
 * the company's dates): a report whose every number is 0 because nothing was read says so, one of real zeros does not.
 */
export async function hasWorkReadings(db: Kysely<DB>, companyId: number, deviceIds: readonly number[], from: string, to: string): Promise<boolean> {
  if (deviceIds.length === 0) return false;
  const numbers = [PARAMETER_NUMBERS.work, PARAMETER_NUMBERS.active, PARAMETER_NUMBERS.counter];
  const result = await sql<{ found: boolean }>`
    select exists (select 1 from readings_day where company_id = ${companyId} and device_id = any(${[...deviceIds]}::int[])
      and parameter_number = any(${numbers}::int[]) and day >= ${from}::date and day <= ${to}::date) as "found"`.execute(db);
  return result.rows[0]?.found === true;
}
