import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock.ts';
import { openDatabase } from './database.ts';

describe('the embedded database directory lock', { timeout: 30_000 }, () => {
  const dirs: string[] = [];
  const newDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gearwatch-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a directory that a living process holds, naming it', async () => {
    const dir = newDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)']);
    try {
      writeFileSync(path.join(dir, 'gearwatch.pid'), String(holder.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
      expect(() => lockDataDir(dir)).toThrow(`in use by process ${holder.pid}`);
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirInUseError);
    } finally {
      holder.kill();
    }
  });

  // Opens the embedded database twice: each open takes 10–20 s on a loaded 2-core machine (docs/testing.md).
  it('takes over a file left by a process that is gone, and releases it on close', { timeout: 120_000 }, async () => {
    const dir = newDir();
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.on('exit', resolve));
    writeFileSync(path.join(dir, 'gearwatch.pid'), String(gone.pid));
    const database = await openDatabase({ dataDir: dir });
    expect(readFileSync(path.join(dir, 'gearwatch.pid'), 'utf8')).toBe(String(process.pid));
    await database.close();
    expect(existsSync(path.join(dir, 'gearwatch.pid'))).toBe(false);
    // Free again: the next process (here the same) opens it.
    await (await openDatabase({ dataDir: dir })).close();
  });
});
