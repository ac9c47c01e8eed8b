import { describe, expect, it, vi } from 'vitest';
import { todayIn } from '@gearwatch/contracts';
import { TEST_NOW } from './clock.ts';

// The web suite's one clock (setup.ts): every test starts at TEST_NOW, whatever day the suite runs on.
describe('the web suite clock', () => {
  it('starts every test at the same moment, and moves on from it', async () => {
    const start = Date.now();
    expect(start - TEST_NOW.getTime()).toBeGreaterThanOrEqual(0);
    expect(todayIn('Europe/Warsaw')).toBe('2026-06-10');
    // Time flows (timers and waits still work): a later moment, still that day.
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(start));
    expect(todayIn('Europe/Warsaw')).toBe('2026-06-10');
  });

  it('is set again for the next test, after one that moved it', () => {
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    expect(todayIn('UTC')).toBe('2030-01-01');
  });

  it('is back at TEST_NOW after the test that moved it', () => {
    expect(todayIn('Europe/Warsaw')).toBe('2026-06-10');
  });
});
