import { vi } from 'vitest';

/**
 * The web suite's "now": a Wednesday mid-month at 10:30 UTC (12:30 in Warsaw), away from a month's, a week's and a
 * daylight-saving change's edges, so every test sees the same today whatever day the suite runs on. Only Date is faked
 * and it moves on in real time from there (timers, animation frames and promises stay real); a test that needs another
 * moment sets it with `vi.setSystemTime`, and one that drives timers itself installs its own fake timers (they start
 * from this instant too).
 */
export const TEST_NOW = new Date('2026-06-10T10:30:00Z');

/** Puts the suite's clock back to TEST_NOW (the setup file does before each test). */
export function startTestClock(): void {
  vi.useFakeTimers({ now: TEST_NOW, toFake: ['Date'], shouldAdvanceTime: true });
}
