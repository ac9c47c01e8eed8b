import { describe, expect, it } from 'vitest';
import {
  ALERT_CHANGE_DIRECTIONS,
  ALERT_DATE_INTERVALS,
  ALERT_EFFICIENCY_BOUNDS,
  ALERT_GEOFENCE_MODES,
  ALERT_IMPORTANCES,
  ALERT_MESSAGE_KEYS,
  ALERT_MESSAGE_PARAMS,
  ALERT_OPERATORS,
  ALERT_REPEAT_PERIODS,
  ALERT_RULE_TYPES,
  ALERT_STATUS_FILTERS,
  alertConditionSchemas,
  alertMessageKey,
  ISO_WEEKDAYS,
  LANGUAGES,
  RULE_TEXTS,
} from '@gearwatch/contracts';
import type { AlertRuleType } from '@gearwatch/contracts';
import en from '../../i18n/locales/en.json';
import lv from '../../i18n/locales/lv.json';
import pl from '../../i18n/locales/pl.json';
import ru from '../../i18n/locales/ru.json';
import { WIZARD_STEPS } from './hooks/useRuleWizard.ts';

// A rule's descriptions, with the intervals, repeat periods and weekdays they name, are the contracts' (rule-texts).
const bundles: Record<string, Record<string, string>> = {
  en: { ...en, ...RULE_TEXTS.en },
  pl: { ...pl, ...RULE_TEXTS.pl },
  lv: { ...lv, ...RULE_TEXTS.lv },
  ru: { ...ru, ...RULE_TEXTS.ru },
};

// The keys this feature names literally, and those it builds from the contracts' lists (types, operators, the
// condition fields the server's forms label 'alert-rule.field.<name>', the messages and their parameters).
const sources = import.meta.glob(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}', '!./test/**'], { query: '?raw', import: 'default', eager: true }) as Record<
  string,
  string
>;
const KEY = /['"]((?:alert|alert-rule|weekday|form|list|common|delete)\.[a-z0-9.-]+)['"]/g;

function keysOfSources(): string[] {
  const keys = new Set<string>();
  for (const text of Object.values(sources)) for (const match of text.matchAll(KEY)) if (match[1]) keys.add(match[1]);
  return [...keys];
}

const conditionFields = [...new Set(Object.values(alertConditionSchemas).flatMap((schema) => Object.keys(schema.shape)))];
const describedTypes = ALERT_RULE_TYPES.flatMap((type) =>
  type === 'geolocation'
    ? ALERT_GEOFENCE_MODES.map((mode) => `${type}.${mode}`)
    : type === 'percentage-change'
      ? ALERT_CHANGE_DIRECTIONS.map((change) => `${type}.${change}`)
      : type === 'work-efficiency'
        ? ALERT_EFFICIENCY_BOUNDS.map((bound) => `${type}.${bound}`)
        : [type],
);
const builtKeys = [
  ...ALERT_RULE_TYPES.map((type) => `alert-rule.type.${type}`),
  ...describedTypes.map((type) => `alert-rule.description.${type}`),
  ...ALERT_IMPORTANCES.map((importance) => `alert-rule.importance.${importance}`),
  ...ALERT_OPERATORS.map((operator) => `alert-rule.operator.${operator}`),
  ...ALERT_DATE_INTERVALS.map((interval) => `alert-rule.interval.${interval}`),
  ...ALERT_REPEAT_PERIODS.map((period) => `alert-rule.repeat.${period}`),
  ...ALERT_GEOFENCE_MODES.map((mode) => `alert-rule.geofence.${mode}`),
  ...ALERT_GEOFENCE_MODES.map((mode) => `alert.geofence-event.${mode}`),
  ...ALERT_CHANGE_DIRECTIONS.map((change) => `alert-rule.change.${change}`),
  ...ALERT_CHANGE_DIRECTIONS.map((change) => `alert.change-event.${change}`),
  ...ALERT_STATUS_FILTERS.map((status) => `alert.status.${status}`),
  ...ISO_WEEKDAYS.map((day) => `weekday.${day}`),
  ...['name', 'type', 'importance', 'description', ...conditionFields].map((field) => `alert-rule.field.${field}`),
  ...WIZARD_STEPS.map((step) => `alert-rule.wizard.step.${step}`),
  ...Object.values(ALERT_MESSAGE_KEYS),
];

describe('translations of the alert screens', () => {
  it('finds the keys of the sources', () => {
    expect(keysOfSources().length).toBeGreaterThan(60);
  });

  it.each([...LANGUAGES])('%s has every key the screens, the server’s forms and the contracts use', (language) => {
    const bundle = bundles[language] ?? {};
    const missing = [...keysOfSources(), ...builtKeys].filter((key) => !bundle[key]?.trim());
    expect(missing).toEqual([]);
  });

  it.each([...LANGUAGES])('%s words every alert message with exactly the parameters the engine sends', (language) => {
    const bundle = bundles[language] ?? {};
    for (const [kind, params] of Object.entries(ALERT_MESSAGE_PARAMS)) {
      const text = bundle[alertMessageKey(kind as AlertRuleType | 'requirement')] ?? '';
      const used = new Set([...text.matchAll(/{{(\w+)}}/g)].map((match) => match[1]));
      expect([...used].sort(), `${language} ${kind}`).toEqual([...params].sort());
    }
  });
});
