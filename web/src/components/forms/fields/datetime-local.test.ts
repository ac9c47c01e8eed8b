import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './datetime-local.ts';

describe('datetime-local conversion', () => {
  it('round-trips an instant through the text the input shows, on the company clock', () => {
    expect(toLocalInput('2025-03-30T12:05:00.000Z', 'Europe/Warsaw')).toBe('2025-03-30T14:05');
    expect(fromLocalInput('2025-03-30T14:05', 'Europe/Warsaw')).toBe('2025-03-30T12:05:00.000Z');
    expect(toLocalInput('2025-01-30T12:05:00.000Z', 'Europe/Warsaw')).toBe('2025-01-30T13:05');
    expect(fromLocalInput('2025-01-30T13:05', 'Europe/Warsaw')).toBe('2025-01-30T12:05:00.000Z');
  });

  it('reads the same text as another instant in another company zone', () => {
    expect(fromLocalInput('2025-03-30T14:05', 'America/New_York')).toBe('2025-03-30T18:05:00.000Z');
  });

  it('treats empty, partial and unreadable values as none', () => {
    expect(toLocalInput(null, 'Europe/Warsaw')).toBe('');
    expect(toLocalInput('not a date', 'Europe/Warsaw')).toBe('');
    expect(fromLocalInput('', 'Europe/Warsaw')).toBeNull();
    expect(fromLocalInput('2025-03-30', 'Europe/Warsaw')).toBeNull();
  });

  it('reads the text in UTC for an unknown zone', () => {
    expect(fromLocalInput('2025-03-30T14:05', 'Not/AZone')).toBe('2025-03-30T14:05:00.000Z');
  });
});
