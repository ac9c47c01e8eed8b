import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { CyclicFrequency, Period } from './periods.ts';

/** An enabled cyclic configuration, with its company's time zone and the last period made for it. */
export interface CyclicConfiguration {
  id: number;
  companyId: number;
  reportType: string;
  reportInterval: string;
  name: string;
  format: string;
  frequency: CyclicFrequency;
  createdBy: number | null;
  activeSince: Date;
  timezone: string;
  lastFrom: string | null;
  lastTo: string | null;
}

/** The SQL of the cyclic reports' periods (migration 020 report_periods): which are owed, and each made once. */
export class PeriodsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The enabled cyclic configurations in id order, each with the last period made for it (null before the first). */
  async cyclicConfigurations(): Promise<CyclicConfiguration[]> {
    const result = await sql<CyclicConfiguration>`
      select c.id, c.company_id as "companyId", c.report_type as "reportType", c.report_interval as "reportInterval", c.name, c.format,
        c.frequency, c.created_by as "createdBy", c.active_since as "activeSince", co.timezone,
        p.period_from::text as "lastFrom", p.period_to::text as "lastTo"
      from report_configurations c
      join companies co on co.id = c.company_id
      left join lateral (select period_from, period_to from report_periods where configuration_id = c.id order by period_from desc limit 1) p on true
      where c.enabled and c.frequency <> 'once'
      order by c.id`.execute(this.db);
    return result.rows;
  }

  /**
   * Takes the period for the configuration: true when this call inserted it, false when it exists (another instance,
   * or an earlier tick, made it). ON CONFLICT DO NOTHING, so of any number of callers exactly one gets true.
   */
  async take(configurationId: number, period: Period): Promise<boolean> {
    const inserted = await this.db
      .insertInto('report_periods')
      .values({ configuration_id: configurationId, period_from: period.from, period_to: period.to })
      .onConflict((oc) => oc.columns(['configuration_id', 'period_from']).doNothing())
      .returning('configuration_id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  /** Records the file made for a taken period. */
  async linkFile(configurationId: number, period: Period, fileId: number): Promise<void> {
    await this.db
      .updateTable('report_periods')
      .set({ file_id: fileId })
      .where('configuration_id', '=', configurationId)
      .where('period_from', '=', period.from)
      .execute();
  }
}
