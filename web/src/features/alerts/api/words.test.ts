import { describe, expect, it } from 'vitest';
import { initI18n } from '../../../i18n/i18n.ts';
import { describeCondition } from './words.ts';

describe('conditions in words', async () => {
  const i18n = await initI18n('en');
  const t = i18n.t.bind(i18n);
  const context = { t, language: 'en' };

  it('describes a value condition with the parameter, its unit and the interval', () => {
    const parameter = { value: 3, label: 'Battery voltage', unit: 'V' };
    expect(describeCondition('value', { variable: 3, operator: 'lt', argument: 11.5, date_interval: '10m' }, { ...context, parameter })).toBe(
      'Value of Battery voltage < 11.5 V (checked every 10 min)',
    );
  });

  it('adds the hours and weekdays a condition is limited to', () => {
    expect(
      describeCondition(
        'effective-work-percentage',
        { operator: 'lt', efficiency: 40, date_interval: 'day', fromHour: 6, toHour: 22, workDays: [1, 2] },
        context,
      ),
    ).toBe('Effective work < 40% per day, from 06:00 to 22:00, on Monday, Tuesday');
  });

  it('describes every kind of condition in its own words', () => {
    expect(describeCondition('lastsync', { argument: 30 }, context)).toBe('No contact from the module for more than 30 min');
    expect(describeCondition('geolocation', { polygon: [], geofence: 'enter' }, context)).toBe('The device enters the area');
    expect(
      describeCondition(
        'part-replace',
        { variable: 7, argument: 250, firstAlarmDate: '2026-03-01' },
        { ...context, parameter: { value: 7, label: 'Motor hours', unit: 'h' } },
      ),
    ).toBe('Inspection every 250 h of Motor hours, from 01/03/2026');
    expect(describeCondition('periodic', { firstAlarmDate: '2026-03-01', repeatAlarmEvery: 'week', repeatAlarmArgument: 2 }, context)).toBe(
      'Reminder every 2 weeks from 01/03/2026',
    );
    expect(
      describeCondition(
        'percentage-change',
        { variable: 4, change: 'decrease', percentageDifference: 20, date_interval: 'week' },
        { ...context, parameter: { value: 4, label: 'Pieces' } },
      ),
    ).toBe('Pieces decreases by 20% against the previous week');
    expect(describeCondition('authentication', {}, context)).toBe('An unknown RFID card is applied');
  });
});
