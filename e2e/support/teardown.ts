import { rmSync } from 'node:fs';

/** Removes the embedded database the test server used. */
export default function teardown(): void {
  const dir = process.env.GEARWATCH_E2E_DATA_DIR;
  if (dir) rmSync(dir, { recursive: true, force: true });
}
