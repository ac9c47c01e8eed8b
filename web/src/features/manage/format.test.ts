import { describe, expect, it } from 'vitest';
import { formatPercent } from './format.ts';

describe('formatPercent', () => {
  it('writes a whole percentage in the language', () => {
    expect(formatPercent(87, 'en')).toBe('87%');
    expect(formatPercent(87, 'pl')).toBe('87%');
  });
});
