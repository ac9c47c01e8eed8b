/**
 * After a redeploy, an open tab still names the previous build's chunks, which the server no longer has: the lazy
 * import of a page fails. Browsers word it differently; these are Chromium's, Firefox's and Safari's.
 */
const STALE_CHUNK_MESSAGES = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
];

export function isStaleChunkError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || STALE_CHUNK_MESSAGES.some((pattern) => pattern.test(error.message));
}

const RELOAD_KEY = 'gearwatch.stale-chunk-reload';
/** A second failure within this time after the reload is a real error (the new build is broken or offline), not a stale tab. */
const RELOAD_GUARD_MS = 60_000;

/**
 * Whether to reload the page once to fetch the new build; records the attempt so that a failure that survives the
 * reload shows the error page instead of reloading for ever.
 */
export function shouldReloadForStaleChunk(error: unknown, storage: Pick<Storage, 'getItem' | 'setItem'>, now: number): boolean {
  if (!isStaleChunkError(error)) return false;
  const last = Number(storage.getItem(RELOAD_KEY) ?? 0);
  if (Number.isFinite(last) && now - last < RELOAD_GUARD_MS) return false;
  storage.setItem(RELOAD_KEY, String(now));
  return true;
}
