// Builds the web client when web/dist is missing or older than its sources, so `npm start` works from a clean clone
// and stays fast on every later start.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const child of readdirSync(entry)) {
    if (child === 'node_modules' || child === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

export function clientIsStale() {
  const built = path.join(root, 'web', 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const sources = ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/public', 'contracts/src'].map((p) => path.join(root, p));
  return Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs;
}

export function buildClientIfNeeded({ force = false } = {}) {
  if (!force && !clientIsStale()) return;
  process.stdout.write('Building the web client...\n');
  const result = spawnSync('npm', ['run', 'build', '-w', 'web', '--silent'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write('The web client failed to build.\n');
    process.exit(result.status ?? 1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildClientIfNeeded({ force: process.argv.includes('--force') });
