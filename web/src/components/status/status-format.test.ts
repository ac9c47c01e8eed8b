import { describe, expect, it } from 'vitest';
import { formatReading } from './status-format.ts';

describe('formatReading', () => {
  it('rounds to at most 2 decimals in the interface language and adds the unit', () => {
    expect(formatReading(12.3456, 'V', 'en')).toBe('12.35 V');
    expect(formatReading(12.3456, 'V', 'pl')).toBe('12,35 V');
    expect(formatReading(24, null, 'en')).toBe('24');
  });
});
