import { describe, expect, it } from 'vitest';
import { MONITOR_KINDS } from '@gearwatch/contracts';
import { modelListsOf } from './usePrefetchModel.ts';

describe('modelListsOf', () => {
  it('asks for each list once however many monitors need it', () => {
    expect(modelListsOf(['work-activity', 'geo', 'efficiency'])).toEqual(['deviceGroups', 'deviceTypes']);
  });

  it('asks for the operator groups only when an operator monitor is on the board', () => {
    expect(modelListsOf(['work-activity-shift'])).toEqual(['deviceGroups', 'productionShifts']);
    expect(modelListsOf(['device-operator'])).toEqual(['operatorGroups']);
  });

  it('asks for nothing on an empty board and covers every monitor kind', () => {
    expect(modelListsOf([])).toEqual([]);
    expect(modelListsOf(MONITOR_KINDS)).toEqual(['deviceGroups', 'deviceTypes', 'operatorGroups', 'productionShifts']);
  });
});
