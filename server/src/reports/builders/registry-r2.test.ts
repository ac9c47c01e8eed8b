import { describe, expect, it } from 'vitest';
import { OPERATOR_ALERT_SHIFT_BUILDERS } from './registry-r2.ts';

describe('operator, alert and shift builders', () => {
  it('are registered under the type each one writes', () => {
    expect(Object.keys(OPERATOR_ALERT_SHIFT_BUILDERS).sort()).toEqual(['alerts-report', 'device-operators-report', 'device-work-device-shift', 'device-work-shift-chart', 'workers-work-report']);
    for (const [type, builder] of Object.entries(OPERATOR_ALERT_SHIFT_BUILDERS)) expect(builder?.type).toBe(type);
  });
});
