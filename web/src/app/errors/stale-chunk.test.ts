import { describe, expect, it } from 'vitest';
import { isStaleChunkError, shouldReloadForStaleChunk } from './stale-chunk.ts';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

describe('stale chunks', () => {
  it("recognises the browsers' failed lazy imports and nothing else", () => {
    expect(isStaleChunkError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/Page-1a2b.js'))).toBe(true);
    expect(isStaleChunkError(new TypeError('error loading dynamically imported module: http://x/assets/Page-1a2b.js'))).toBe(true);
    expect(isStaleChunkError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isStaleChunkError(new TypeError("Cannot read properties of undefined (reading 'name')"))).toBe(false);
    expect(isStaleChunkError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads once, and shows the error when the reload did not help', () => {
    const storage = memoryStorage();
    const error = new TypeError('Failed to fetch dynamically imported module: /assets/Board-9f.js');
    expect(shouldReloadForStaleChunk(error, storage, 1_000_000)).toBe(true);
    expect(shouldReloadForStaleChunk(error, storage, 1_005_000)).toBe(false);
    // A later redeploy, long after: once more.
    expect(shouldReloadForStaleChunk(error, storage, 1_000_000 + 3_600_000)).toBe(true);
  });

  it('never reloads for other errors', () => {
    expect(shouldReloadForStaleChunk(new Error('boom'), memoryStorage(), 0)).toBe(false);
  });
});
