import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { startTestClock } from './clock.ts';

// The first test of a file compiles the lazily loaded screens on demand, under the whole suite's load on two cores:
// give it time rather than flake (a wait that ends early costs nothing; one that times out fails).
configure({ asyncUtilTimeout: 15_000 });

// One fixed clock for the whole web suite: also for what a test file computes as it loads.
startTestClock();
beforeEach(() => {
  startTestClock();
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.useRealTimers();
});
