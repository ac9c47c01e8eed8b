import { describe, expect, it } from 'vitest';
import { sortWorkSummaryRows, workDeviceSummaryQuerySchema } from './work.ts';

describe('sortWorkSummaryRows', () => {
  const rows = [
    { name: 'B', work: 10, active: 5 },
    { name: 'A', work: 10, active: 50 },
    { name: 'C', work: 30, active: 1 },
  ];
  it('orders by work or active time, either way, ties by name', () => {
    expect(sortWorkSummaryRows(rows, 'work-desc').map((r) => r.name)).toEqual(['C', 'A', 'B']);
    expect(sortWorkSummaryRows(rows, 'work-asc').map((r) => r.name)).toEqual(['A', 'B', 'C']);
    expect(sortWorkSummaryRows(rows, 'active-desc').map((r) => r.name)).toEqual(['A', 'B', 'C']);
    expect(sortWorkSummaryRows(rows, 'active-asc').map((r) => r.name)).toEqual(['C', 'B', 'A']);
  });
});

describe('workDeviceSummaryQuerySchema', () => {
  it('defaults the period and the sort and refuses unknown ones', () => {
    expect(workDeviceSummaryQuerySchema.parse({ devices: '2,1,2' })).toEqual({ devices: [2, 1], period: 'today', sort: 'work-desc' });
    expect(workDeviceSummaryQuerySchema.safeParse({ devices: '1', period: 'decade' }).success).toBe(false);
    expect(workDeviceSummaryQuerySchema.safeParse({ devices: '1', date: '2026-02-30' }).success).toBe(false);
  });
});
