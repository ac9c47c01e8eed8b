import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './datetime-local.ts';

describe('datetime-local conversion', () => {
  it('round-trips an instant through the local text the input shows', () => {
    const iso = new Date(2025, 2, 30, 14, 5).toISOString();
    expect(toLocalInput(iso)).toBe('2025-03-30T14:05');
    expect(fromLocalInput('2025-03-30T14:05')).toBe(iso);
  });

  it('treats empty, partial and unreadable values as none', () => {
    expect(toLocalInput(null)).toBe('');
    expect(toLocalInput('not a date')).toBe('');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('2025-03-30')).toBeNull();
  });
});
