import { describe, expect, it } from 'vitest';
import { initI18n } from '../../../i18n/i18n.ts';
import { describeCondition, describeRule } from './words.ts';

describe('rules in words', async () => {
  const i18n = await initI18n('en');
  const t = i18n.t.bind(i18n);
  const words = (
    type: Parameters<typeof describeCondition>[0],
    condition: Record<string, unknown>,
    parameter?: { value: number; label: string; unit?: string },
  ) => describeCondition(type, condition, parameter, t, 'en');

  it('describes a value condition with the parameter, its unit and how often it may repeat', () => {
    const parameter = { value: 3, label: 'Battery voltage', unit: 'V' };
    expect(words('value', { variable: 3, operator: 'lt', argument: 11.5, date_interval: '10m' }, parameter)).toBe(
      'Value of Battery voltage < 11.5 V (repeated at most every 10 min)',
    );
  });

  it('is written from the rule as it is now, in the language read now', async () => {
    const summary = { condition: { variable: 20, operator: 'lt', argument: 44, date_interval: '10m' }, parameter: { name: 'Battery voltage', unit: 'V' } };
    expect(describeRule('value', summary, t, 'en')).toBe('Value of Battery voltage < 44 V (repeated at most every 10 min)');
    const polish = await initI18n('pl');
    expect(describeRule('value', summary, polish.t.bind(polish), 'pl')).toBe('Wartość Battery voltage < 44 V (powtarzane najwyżej co 10 min)');
    expect(describeRule('value', { condition: null, parameter: null }, t, 'en')).toBe('');
  });

  it('adds the hours and weekdays a condition is limited to', () => {
    expect(words('effective-work-percentage', { operator: 'lt', efficiency: 40, date_interval: 'day', fromHour: 6, toHour: 22, workDays: [1, 2] })).toBe(
      'Effective work < 40% per day, from 06:00 to 22:00, on Monday, Tuesday',
    );
  });

  it('describes every kind of condition in its own words', () => {
    expect(words('lastsync', { argument: 30 })).toBe('No contact from the module for more than 30 min');
    expect(words('geolocation', { polygon: [], geofence: 'enter' })).toBe('The device enters the area');
    expect(words('part-replace', { variable: 7, argument: 250, firstAlarmDate: '2026-03-01' }, { value: 7, label: 'Motor hours', unit: 'h' })).toBe(
      'Inspection every 250 h of Motor hours, from 01/03/2026',
    );
    expect(words('periodic', { firstAlarmDate: '2026-03-01', repeatAlarmEvery: 'week', repeatAlarmArgument: 2 })).toBe(
      'Reminder every 2 weeks from 01/03/2026',
    );
    expect(
      words('percentage-change', { variable: 4, change: 'decrease', percentageDifference: 20, date_interval: 'week' }, { value: 4, label: 'Pieces' }),
    ).toBe('Pieces decreases by 20% against the previous week');
    expect(words('work-efficiency', { bound: 'below', efficiency: 60, date_interval: 'day' })).toBe('Work efficiency below 60% per day');
    expect(words('work-efficiency', { bound: 'above', efficiency: 95, date_interval: '60m', workDays: [6] })).toBe(
      'Work efficiency above 95% per 60 min, on Saturday',
    );
    expect(words('authentication', {})).toBe('An unknown RFID card is applied');
  });
});
