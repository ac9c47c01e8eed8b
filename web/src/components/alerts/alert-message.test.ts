import { describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/i18n.ts';
import { alertMessage } from './alert-message.ts';

describe('an alert message in words', async () => {
  const i18n = await initI18n('en');
  const t = i18n.t.bind(i18n);
  it('writes an alert’s message with times in the user’s locale and numbers rounded to 2 decimals', () => {
    expect(
      alertMessage({ key: 'alert.message.charging', params: { value: 2.3456, unit: '', operator: 'gte', argument: 2 } }, t, {
        language: 'en',
        timeZone: 'Europe/Warsaw',
      }),
    ).toBe('Charging quantity 2.35 (≥ 2)');
    expect(
      alertMessage({ key: 'alert.message.geolocation', params: { geofence: 'leave', lat: 52.123456, lon: 21.1, accuracy: 12 } }, t, {
        language: 'en',
        timeZone: 'Europe/Warsaw',
      }),
    ).toBe('The device left the area at 52.12, 21.1 (accuracy 12 m)');
  });

  it('writes the work-without-operator and no-contact messages with rounded minutes and a local time', () => {
    expect(
      alertMessage({ key: 'alert.message.work-without-operator', params: { minutes: 111.31666666666666 } }, t, { language: 'en', timeZone: 'Europe/Warsaw' }),
    ).toBe('Worked 111 min without an operator');
    expect(
      alertMessage({ key: 'alert.message.work-without-operator', params: { minutes: 215.93 } }, t, { language: 'pl', timeZone: 'Europe/Warsaw' }),
    ).toContain('216');
    expect(
      alertMessage(
        { key: 'alert.message.effective-work-time', params: { minutes: 29.6, operator: 'lt', argument: 30, windowStart: null, windowEnd: null } },
        t,
        { language: 'en', timeZone: 'Europe/Warsaw' },
      ),
    ).toContain('29.6 min');
    expect(
      alertMessage({ key: 'alert.message.lastsync', params: { minutes: 60, lastContact: '2026-11-26T09:00:00+01:00' } }, t, {
        language: 'en',
        timeZone: 'Europe/Warsaw',
      }),
    ).toBe('No contact from the module for 60 min (last contact 26/11/2026, 09:00)');
  });

  it('writes a work-efficiency message with its bound in words', async () => {
    const params = { efficiency: 37, bound: 'below', argument: 40, windowStart: '2026-11-10T06:00:00+01:00', windowEnd: '2026-11-10T07:00:00+01:00' };
    const format = { language: 'en', timeZone: 'Europe/Warsaw' };
    expect(alertMessage({ key: 'alert.message.work-efficiency', params }, t, format)).toBe(
      'Work efficiency 37%, below 40%, from 10/11/2026, 06:00 to 10/11/2026, 07:00',
    );
    const polish = await initI18n('pl');
    expect(
      alertMessage({ key: 'alert.message.work-efficiency', params: { ...params, bound: 'above' } }, polish.t.bind(polish), { ...format, language: 'pl' }),
    ).toContain('powyżej 40%');
  });
});
