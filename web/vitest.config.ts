import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    environment: 'happy-dom',
    setupFiles: ['src/test/setup.ts'],
    // The whole suite runs the web files beside the server's on two cores: a file's first test also pays for
    // compiling what it imports, which took over vitest's default 5 s once under that load (useServerForm, CI).
    testTimeout: 30_000,
  },
});
