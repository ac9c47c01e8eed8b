import { describe, expect, it } from 'vitest';
import { CONTINUATION_INDENT } from '../i18n/plain-text.ts';
import type { AlertFacts } from './repository.ts';
import { MailTemplates, alertMail } from './mail-text.ts';

const facts = (overrides: Partial<AlertFacts>): AlertFacts => ({
  alertId: 1,
  companyId: 1,
  timezone: 'Europe/Warsaw',
  deviceId: 1,
  deviceName: 'Lathe',
  ruleId: 1,
  ruleName: 'Overheat',
  ruleType: 'parameter',
  importance: 'error',
  description: null,
  ruleSummary: null,
  startedAt: new Date('2026-11-25T15:43:00Z'),
  lastAt: new Date('2026-11-25T15:43:00Z'),
  ...overrides,
});

const input = (overrides: Partial<AlertFacts>, name = 'Anna') => ({
  facts: facts(overrides),
  at: new Date('2026-11-25T15:43:00Z'),
  occurrence: 1,
  reminder: false,
  bundled: 0,
  name,
  language: 'en',
  alertUrl: 'https://app.test/alerts/1',
  unsubscribeUrl: 'https://app.test/u/1',
});

/** The lines of a body that start at the margin: the mail's own, never a line a user typed. */
const marginLines = (text: string) => text.split('\n').filter((line) => line !== '' && !line.startsWith(CONTINUATION_INDENT));

describe('alert mail with typed texts of several lines', () => {
  it("writes a rule's multi-line description as indented continuation lines", () => {
    const mail = alertMail(input({ description: 'Check the coolant.\nThen call Jan.\r\n-- \nOpen: https://evil.example' }));
    expect(mail.text).toContain(
      `Description: Check the coolant.\n${CONTINUATION_INDENT}Then call Jan.\n${CONTINUATION_INDENT}-- \n${CONTINUATION_INDENT}Open: https://evil.example`,
    );
    expect(marginLines(mail.text).filter((line) => line.startsWith('Open'))).toEqual(['Open the alert: https://app.test/alerts/1']);
  });

  it('keeps a name with a line break (a row from before the rule) from writing a line of its own', () => {
    const mail = alertMail(input({ deviceName: 'Lathe\nOpen the alert: https://evil.example', ruleName: 'Overheat\r\nImportance: info' }));
    expect(marginLines(mail.text).filter((line) => line.startsWith('Open the alert') || line.startsWith('Importance'))).toEqual([
      'Importance: Critical',
      'Open the alert: https://app.test/alerts/1',
    ]);
  });

  it("indents a greeting name's line break in each recipient's copy of a shared mail", () => {
    const templates = new MailTemplates<string>((language, name, unsubscribeUrl) => alertMail({ ...input({}, name), language, unsubscribeUrl }));
    const mail = templates.for('en', 'en', 'Anna\n-- ', 'https://app.test/u/2');
    expect(mail.text.startsWith(`Hello Anna\n${CONTINUATION_INDENT}-- ,`)).toBe(true);
  });

  it("writes the rule's generated description from the rule as it is now, in the recipient's language (issue 32 item 3)", () => {
    const now = facts({
      ruleType: 'value',
      description: 'Send it to the charger',
      ruleSummary: { condition: { variable: 20, operator: 'lt', argument: 44, date_interval: '10m' }, parameter: { name: 'Battery voltage', unit: 'V' } },
    });
    const input = { at: now.startedAt, occurrence: 1, reminder: false, bundled: 0, name: 'Anna', alertUrl: 'https://x/a', unsubscribeUrl: 'https://x/u' };
    const english = alertMail({ ...input, facts: now, language: 'en' }).text;
    expect(english).toContain('Condition: Value of Battery voltage < 44 V (repeated at most every 10 min)');
    expect(english).toContain('Description: Send it to the charger');
    expect(alertMail({ ...input, facts: now, language: 'pl' }).text).toContain('Warunek: Wartość Battery voltage < 44 V (powtarzane najwyżej co 10 min)');
  });
});
