import { describe, expect, it } from 'vitest';
import { ChunkOutput } from './chunk-output.ts';

describe('chunk output', () => {
  it('stores the bytes in chunks of the given size, in order, waiting for each store', async () => {
    const stored: { seq: number; data: Buffer }[] = [];
    let storing = 0;
    const output = new ChunkOutput(async (seq, data) => {
      storing++;
      expect(storing).toBe(1);
      await new Promise((resolve) => setImmediate(resolve));
      stored.push({ seq, data: Buffer.from(data) });
      storing--;
    }, 1000);
    const text = 'ąbc'.repeat(700);
    for (let i = 0; i < text.length; i += 97)
      await new Promise<void>((resolve, reject) => output.write(text.slice(i, i + 97), (e) => (e ? reject(e) : resolve())));
    await new Promise<void>((resolve) => output.end(resolve));
    expect(stored.map((s) => s.seq)).toEqual([0, 1, 2]);
    expect(stored.slice(0, 2).every((s) => s.data.length === 1000)).toBe(true);
    expect(Buffer.concat(stored.map((s) => s.data)).toString('utf8')).toBe(text);
    expect(output.size).toBe(Buffer.byteLength(text));
  });
});
