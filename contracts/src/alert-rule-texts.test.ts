import { describe, expect, it } from 'vitest';
import { ALERT_DATE_INTERVALS, ALERT_REPEAT_PERIODS, ALERT_RULE_TYPES, ISO_WEEKDAYS } from './alerts.ts';
import { RULE_TEXTS, describeAlertRule } from './alert-rule-texts.ts';
import { LANGUAGES } from './constants.ts';

describe('alert rule texts', () => {
  it('has the same keys in every language, none empty, with the same placeholders', () => {
    const reference = RULE_TEXTS.pl;
    const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((match) => match[1]).sort();
    for (const language of LANGUAGES) {
      expect(Object.keys(RULE_TEXTS[language]).sort(), language).toEqual(Object.keys(reference).sort());
      for (const [key, text] of Object.entries(reference)) {
        const translated = RULE_TEXTS[language][key as keyof typeof reference];
        expect(translated.trim(), `${language} ${key}`).not.toBe('');
        expect(placeholders(translated), `${language} ${key}`).toEqual(placeholders(text));
      }
    }
  });

  it('has every word a description names: intervals, repeat periods, weekdays', () => {
    const keys = Object.keys(RULE_TEXTS.en);
    for (const interval of ALERT_DATE_INTERVALS) expect(keys).toContain(`alert-rule.interval.${interval}`);
    for (const period of ALERT_REPEAT_PERIODS) expect(keys).toContain(`alert-rule.repeat.${period}`);
    for (const day of ISO_WEEKDAYS) expect(keys).toContain(`weekday.${day}`);
  });

  it('words every type of rule without leaving a key or a placeholder in the sentence', () => {
    const texts = RULE_TEXTS.en as Record<string, string>;
    const t = (key: string, values: Record<string, string> = {}) => {
      expect(texts[key], key).toBeDefined();
      return (texts[key] ?? key).replace(/{{(\w+)}}/g, (_, name: string) => values[name] ?? '');
    };
    const format = { t, number: (value: number) => String(value), date: (date: string) => date };
    const condition = {
      variable: 20,
      operator: 'lt',
      argument: 44,
      date_interval: '10m',
      efficiency: 40,
      percentageDifference: 5,
      firstAlarmDate: '2026-03-01',
      repeatAlarmEvery: 'week',
      repeatAlarmArgument: 2,
      geofence: 'enter',
      change: 'increase',
    };
    for (const type of ALERT_RULE_TYPES) {
      const words = describeAlertRule(type, { condition, parameter: { name: 'Battery voltage', unit: 'V' } }, format);
      expect(words, type).not.toMatch(/{{|alert-rule\./);
      expect(words.length, type).toBeGreaterThan(10);
    }
  });
});
