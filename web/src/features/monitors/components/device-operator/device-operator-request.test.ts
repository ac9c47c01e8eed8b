import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../api/errors.ts';
import { deviceOperatorRequest, isGroupWithoutOperators } from './device-operator-request.ts';

const range = { from: '2026-03-01', to: '2026-03-02' };
const settings = { byGroups: false, deviceOperators: [5, 4], deviceOperatorsGroups: [2], interval: '5min' as const };

describe('deviceOperatorRequest', () => {
  it('asks for the chosen operators only, when choosing operators', () => {
    expect(deviceOperatorRequest(settings, range)).toEqual({ deviceOperators: [5, 4], interval: '5min', from: '2026-03-01', to: '2026-03-02' });
  });

  it('asks for the chosen groups only, when choosing groups', () => {
    expect(deviceOperatorRequest({ ...settings, byGroups: true }, range)).toEqual({
      deviceOperatorsGroups: [2],
      interval: '5min',
      from: '2026-03-01',
      to: '2026-03-02',
    });
  });

  it('asks nothing when the current mode has nothing chosen', () => {
    expect(deviceOperatorRequest({ ...settings, deviceOperators: [] }, range)).toBeNull();
    expect(deviceOperatorRequest({ ...settings, byGroups: true, deviceOperatorsGroups: [] }, range)).toBeNull();
  });
});

describe('isGroupWithoutOperators', () => {
  it('recognises the 400 naming a group without operators', () => {
    const body = { errors: { deviceOperatorsGroups: ['device-operator-group.no-device-operators'] }, rootErrors: [] };
    expect(isGroupWithoutOperators(new ApiError(400, body, null))).toBe(true);
  });

  it('ignores other 400s, other statuses and other errors', () => {
    expect(isGroupWithoutOperators(new ApiError(400, { errors: { to: ['diagnostics.message.range-too-long'] }, rootErrors: [] }, null))).toBe(false);
    expect(
      isGroupWithoutOperators(new ApiError(404, { errors: { deviceOperatorsGroups: ['device-operator-group.no-device-operators'] }, rootErrors: [] }, null)),
    ).toBe(false);
    expect(isGroupWithoutOperators(new Error('x'))).toBe(false);
    expect(isGroupWithoutOperators(null)).toBe(false);
  });
});
