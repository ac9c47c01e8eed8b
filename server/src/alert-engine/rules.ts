import { ALERT_OPERATOR_SYMBOLS, ALERT_RULE_TYPES, ALERT_RULE_TYPES_WITHOUT_CONDITIONS, alertConditionSchemas, alertMessageKey } from '@gearwatch/contracts';
import type { AlertCondition, AlertOperator, AlertRuleType } from '@gearwatch/contracts';
import { timeZone } from '../time/time-zone.ts';
import type { TimeZone } from '../time/time-zone.ts';
import type { DeviceParameterRow, RuleRow } from './engine-rules-repository.ts';
import type { AlertSubject } from './engine-alerts-repository.ts';

/** A rule ready to evaluate: its type, its valid conditions, its zone and the subject its alerts are written as. */
export interface ParsedRule {
  row: RuleRow;
  type: AlertRuleType;
  conditions: AlertCondition[];
  zone: TimeZone;
  subject: AlertSubject;
  /** The cursor and window-result key of the rule. */
  key: string;
}

/**
 * A rule the engine can evaluate, or null: an unknown type, a type that needs conditions without any, or a stored
 * condition that no longer matches its type's schema (never evaluated on a guess).
 */
export function parseRule(row: RuleRow): ParsedRule | null {
  if (!(ALERT_RULE_TYPES as readonly string[]).includes(row.type)) return null;
  const type = row.type as AlertRuleType;
  const conditions: AlertCondition[] = [];
  for (const raw of row.conditions) {
    const parsed = alertConditionSchemas[type].safeParse(raw);
    if (!parsed.success) return null;
    conditions.push(parsed.data as AlertCondition);
  }
  if (ALERT_RULE_TYPES_WITHOUT_CONDITIONS.includes(type)) conditions.splice(0, conditions.length, {} as AlertCondition);
  else if (conditions.length === 0) return null;
  return {
    row,
    type,
    conditions,
    zone: timeZone(row.timezone),
    subject: { companyId: row.companyId, ruleId: row.id, importance: row.importance, messageKey: alertMessageKey(type) },
    key: `rule:${row.id}`,
  };
}

export const operatorSymbol = (operator: AlertOperator) => ALERT_OPERATOR_SYMBOLS[operator];

/** Parameter names and short units of each device, for the messages. */
export class ParameterNames {
  private readonly byDevice = new Map<number, Map<number, { name: string; unit: string }>>();
  private readonly deviceNames = new Map<number, string>();

  constructor(rows: DeviceParameterRow[]) {
    for (const row of rows) {
      this.deviceNames.set(row.deviceId, row.deviceName);
      let device = this.byDevice.get(row.deviceId);
      if (!device) this.byDevice.set(row.deviceId, (device = new Map()));
      if (row.number !== null) device.set(row.number, { name: row.name, unit: row.unit ?? '' });
    }
  }

  deviceName(deviceId: number): string {
    return this.deviceNames.get(deviceId) ?? String(deviceId);
  }

  name(deviceId: number, parameter: number): string {
    return this.byDevice.get(deviceId)?.get(parameter)?.name ?? String(parameter);
  }

  unit(deviceId: number, parameter: number): string {
    return this.byDevice.get(deviceId)?.get(parameter)?.unit ?? '';
  }
}
