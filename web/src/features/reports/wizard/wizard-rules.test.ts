import { describe, expect, it } from 'vitest';
import { canContinue, configurationInput, firstStepOf, groupField, isEmailAddress, splitAddresses, WIZARD_STEPS } from './wizard-rules.ts';
import type { WizardValues } from './wizard-rules.ts';

const complete: WizardValues = {
  type: 'alerts-report',
  name: 'Alerts',
  interval: 'month',
  groups: [1],
  users: [7],
  emails: [],
  frequency: 'once',
  range: { from: '2026-10-01', to: '2026-10-31' },
  format: 'pdf',
};

describe('the report wizard rules', () => {
  it('opens the step of the first wrong field, the last step for fields it does not know', () => {
    expect(firstStepOf(['emails', 'name'])).toBe(WIZARD_STEPS.indexOf('parameters'));
    expect(firstStepOf(['deviceOperators'])).toBe(1);
    expect(firstStepOf(['reportType', 'format'])).toBe(0);
    expect(firstStepOf(['users'])).toBe(2);
    expect(firstStepOf(['to'])).toBe(3);
    expect(firstStepOf(['something-new'])).toBe(3);
  });

  it('names the group field by the kind of report', () => {
    expect(groupField('workers-work-report')).toBe('deviceOperators');
    expect(groupField('efficiency-report')).toBe('deviceGroups');
  });

  it('accepts only formats the type is made in', () => {
    expect(canContinue('frequency', complete)).toBe(true);
    expect(canContinue('frequency', { ...complete, type: 'production-device-work-matrix' })).toBe(false);
  });

  it('tells addresses from text, and splits pasted lists', () => {
    expect(['a@b.pl', 'anna.kowalska+raporty@fabryka.example.com'].map(isEmailAddress)).toEqual([true, true]);
    expect(['a@b', 'a b@c.pl', '@c.pl', 'a@@c.pl', 'a@c.'].map(isEmailAddress)).toEqual([false, false, false, false, false]);
    expect(splitAddresses(' a@b.pl, c@d.pl;e@f.pl  ')).toEqual(['a@b.pl', 'c@d.pl', 'e@f.pl']);
  });

  it('sends the range only with a once-report, and the name trimmed', () => {
    expect(configurationInput({ ...complete, name: '  Alerts ' })).toMatchObject({ name: 'Alerts', from: '2026-10-01', to: '2026-10-31' });
    const cyclic = configurationInput({ ...complete, frequency: 'month' });
    expect('from' in cyclic || 'to' in cyclic).toBe(false);
  });
});
