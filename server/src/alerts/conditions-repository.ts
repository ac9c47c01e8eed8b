import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { AlertRulesRepository } from './rules-repository.ts';

/** A parameter the rule's devices report: the condition form's `variable` choices. */
export interface ParameterChoiceRow {
  number: number;
  name: string;
  unit: string | null;
  aggregation: string;
}

/** A rule's conditions and what their form offers. */
export class AlertConditionsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Runs `work` in one transaction with this repository and the rules' bound to it (the rule is locked and checked
   * in the same transaction that writes its conditions).
   */
  transaction<T>(work: (repository: AlertConditionsRepository, rules: AlertRulesRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new AlertConditionsRepository(trx), new AlertRulesRepository(trx)));
  }

  find(ruleId: number, conditionId: number): Promise<{ id: number; condition: unknown } | undefined> {
    return this.db
      .selectFrom('alert_rule_conditions')
      .select(['id', 'condition'])
      .where('rule_id', '=', ruleId)
      .where('id', '=', conditionId)
      .executeTakeFirst();
  }

  /** Appends a condition after the rule's last one (called under the rule's lock). */
  async insert(companyId: number, ruleId: number, condition: unknown): Promise<number> {
    const row = await this.db
      .insertInto('alert_rule_conditions')
      .values({
        company_id: companyId,
        rule_id: ruleId,
        position: sql<number>`(select coalesce(max(position), 0) + 1 from alert_rule_conditions where rule_id = ${ruleId})`,
        condition: JSON.stringify(condition),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(ruleId: number, conditionId: number, condition: unknown): Promise<boolean> {
    const result = await this.db
      .updateTable('alert_rule_conditions')
      .set({ condition: JSON.stringify(condition) })
      .where('rule_id', '=', ruleId)
      .where('id', '=', conditionId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async delete(ruleId: number, conditionId: number): Promise<boolean> {
    const result = await this.db.deleteFrom('alert_rule_conditions').where('rule_id', '=', ruleId).where('id', '=', conditionId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The parameters of the types of the devices the rule watches (its own and its groups'), one per number. */
  async parametersOfRule(ruleId: number): Promise<ParameterChoiceRow[]> {
    const result = await sql<ParameterChoiceRow>`
      select distinct on (p.number) p.number, p.name, u.short as unit, p.aggregation
      from parameters p left join units u on u.id = p.unit_id
      where p.device_type_id in (
        select d.device_type_id from devices d where d.id in (
          select device_id from alert_rule_devices where rule_id = ${ruleId}
          union
          select gd.device_id from alert_rule_device_groups rg join device_group_devices gd on gd.device_group_id = rg.device_group_id where rg.rule_id = ${ruleId}))
      order by p.number, lower(p.name), p.id`.execute(this.db);
    return result.rows;
  }

  async companyTimezone(companyId: number): Promise<string> {
    return (await this.db.selectFrom('companies').select('timezone').where('id', '=', companyId).executeTakeFirstOrThrow()).timezone;
  }
}
