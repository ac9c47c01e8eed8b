import { describe, expect, it } from 'vitest';
import { PRODUCTION_VIEW_MESSAGE_KEYS as K } from '@gearwatch/contracts';
import { view } from '../test/fixtures.ts';
import { emptyValues, firstStepOf, RESET_HOURS, validateStep, valuesOf, viewInput } from './wizard-rules.ts';
import type { WizardValues } from './wizard-rules.ts';

const complete: WizardValues = {
  type: 'columns',
  name: 'Hall 1',
  lines: [
    { lineName: 'A', deviceId: 1, parameterId: 40, goal: '800' },
    { lineName: 'B', deviceId: 2, parameterId: 0, goal: '0' },
  ],
  resetHours: ['14:00', '06:00'],
  logo: null,
  savedLogo: 'data:image/png;base64,AAAA',
};

describe('the production view wizard rules', () => {
  it('offers the whole hours 00:00 to 23:00', () => {
    expect(RESET_HOURS).toHaveLength(24);
    expect(RESET_HOURS[0]).toBe('00:00');
    expect(RESET_HOURS[23]).toBe('23:00');
  });

  it('accepts a complete view on every step', () => {
    for (const step of ['view', 'lines', 'finish'] as const) expect(validateStep(step, complete)).toEqual({});
  });

  it('checks the name: required, 3 to 127 characters after trimming', () => {
    expect(validateStep('view', { ...complete, name: '   ' })).toEqual({ prodview_name: [K.required] });
    expect(validateStep('view', { ...complete, name: ' ab ' })).toEqual({ prodview_name: [K.minLength3] });
    expect(validateStep('view', { ...complete, name: 'x'.repeat(128) })).toEqual({ prodview_name: [K.maxLength128] });
    expect(validateStep('view', { ...complete, name: 'x'.repeat(127) })).toEqual({});
    expect(validateStep('view', { ...complete, type: null })).toEqual({ prodview_type: [K.required] });
  });

  it('checks each goal: digits only, 0 to 10000', () => {
    const withGoal = (goal: string) => validateStep('lines', { ...complete, lines: [{ ...complete.lines[0]!, goal }, complete.lines[1]!] });
    expect(withGoal('')).toEqual({ 'lineParams.0.goal': [K.required] });
    expect(withGoal('-1')).toEqual({ 'lineParams.0.goal': [K.numbersOnly] });
    expect(withGoal('12.5')).toEqual({ 'lineParams.0.goal': [K.numbersOnly] });
    expect(withGoal('10001')).toEqual({ 'lineParams.0.goal': [K.goalRange] });
    expect(withGoal('10000')).toEqual({});
  });

  it('asks for a reset hour, and a logo only when none is set', () => {
    expect(validateStep('finish', { ...complete, resetHours: [] })).toEqual({ reset_hours: [K.resetHoursRequired] });
    expect(validateStep('finish', { ...complete, savedLogo: null })).toEqual({ file: [K.logoRequired] });
    expect(validateStep('finish', { ...complete, savedLogo: null, logo: 'data:image/png;base64,AAAA' })).toEqual({});
  });

  it('opens the step of the first wrong field', () => {
    expect(firstStepOf(['file', 'lineParams.1.goal'])).toBe(1);
    expect(firstStepOf(['reset_hours'])).toBe(2);
    expect(firstStepOf(['prodview_name', 'file'])).toBe(0);
  });

  it('fills from a stored view and sends the spec payload, the reset hours sorted and joined', () => {
    const values = valuesOf(view());
    expect(values.savedLogo).toBe(view().logo);
    expect(viewInput({ ...values, resetHours: ['22:00', '06:00'] })).toEqual({
      prodview_type: 'columns',
      prodview_name: 'Hall 1 presses',
      lineParams: [
        { lineName: 'Line A', deviceId: 1, parameter_id: 40, goal: 800 },
        { lineName: 'Line B', deviceId: 2, parameter_id: 1, goal: 420 },
      ],
      reset_hours: '06:00,22:00',
      file: null,
    });
    expect(emptyValues().lines).toHaveLength(2);
  });
});
