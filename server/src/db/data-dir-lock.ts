import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config.ts';

/**
 * The embedded database is one process's: a second one opening the same directory would corrupt it. A configuration
 * error, so the server and the commands print it alone and exit with the configuration code.
 */
export class DataDirInUseError extends ConfigError {
  constructor(dataDir: string, pid: number) {
    super(
      `The data directory ${dataDir} is in use by process ${pid} (a running Gearwatch server or command). ` +
        'Stop it first, or use PostgreSQL (DATABASE_URL), which many processes can share.',
    );
  }
}

const LOCK_FILE = 'gearwatch.pid';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims `dataDir` for this process: a pid file that another process finds while this one lives. A file left by a
 * process that is gone (a crash, a kill -9) is taken over. Returns the release, which removes the file.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) throw new DataDirInUseError(dataDir, holder);
      // Stale (or our own): remove it and claim again, so two starters racing for a stale file cannot both win.
      rmSync(file, { force: true });
    }
  }
  return () => {
    try {
      if (Number.parseInt(readFileSync(file, 'utf8'), 10) === process.pid) rmSync(file, { force: true });
    } catch {
      // Already gone: nothing to release.
    }
  };
}
