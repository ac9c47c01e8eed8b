// Rules in words: a rule's generated description (contracts' describeAlertRule), written now in the reader's
// language from the rule as it is (issue 32 item 3). An alert's message is components/alerts/alert-message.ts.
import { describeAlertRule } from '@gearwatch/contracts';
import type { AlertRuleSummary, AlertRuleType, Choice } from '@gearwatch/contracts';
import { formatNumber } from '../../../components/alerts/alert-message.ts';
import { formatShortDate } from '../../../components/dates/format.ts';

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The generated description of a rule of `type` from its summary ('' for a rule still without its condition). */
export function describeRule(type: AlertRuleType, summary: AlertRuleSummary, t: Translate, language: string): string {
  return describeAlertRule(type, summary, { t, number: (value) => formatNumber(value, language), date: (isoDate) => formatShortDate(isoDate, language) });
}

/** One condition in words, its parameter among the condition form's choices (the rule page's list of conditions). */
export function describeCondition(
  type: AlertRuleType,
  condition: Record<string, unknown>,
  parameter: Choice | undefined,
  t: Translate,
  language: string,
): string {
  const named = parameter ? { name: parameter.label, unit: parameter.unit ?? null } : null;
  return describeRule(type, { condition, parameter: named }, t, language);
}
