import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// The first test of a file compiles the lazily loaded screens on demand; give it time rather than flake.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
