import { describe, expect, it } from 'vitest';
import { MAP_DEFAULTS } from '@gearwatch/contracts';
import { accuracyRadiusM, listedNames, positionAt } from './geo-track.ts';

const at = (ms: number, lat: number) => ({ ms, lat, lon: 19, acc: null });

describe('positionAt', () => {
  const track = [at(1000, 50), at(2000, 51), at(3000, 52)];

  it('is the last position at or before the time', () => {
    expect(positionAt(track, 1000)?.lat).toBe(50);
    expect(positionAt(track, 1999)?.lat).toBe(50);
    expect(positionAt(track, 2000)?.lat).toBe(51);
    expect(positionAt(track, 2500)?.lat).toBe(51);
    expect(positionAt(track, 9000)?.lat).toBe(52);
  });

  it('is none before the first position or without positions', () => {
    expect(positionAt(track, 999)).toBeNull();
    expect(positionAt([], 5000)).toBeNull();
  });
});

describe('accuracyRadiusM', () => {
  it('is the accuracy capped at 1000 m', () => {
    expect(accuracyRadiusM(40)).toBe(40);
    expect(accuracyRadiusM(1000)).toBe(1000);
    expect(accuracyRadiusM(2500)).toBe(MAP_DEFAULTS.accuracyCircleMaxM);
    expect(MAP_DEFAULTS.accuracyCircleMaxM).toBe(1000);
  });

  it('draws no circle without an accuracy', () => {
    expect(accuracyRadiusM(null)).toBeNull();
    expect(accuracyRadiusM(0)).toBeNull();
  });
});

describe('listedNames', () => {
  const names = ['A', 'B', 'C', 'D', 'E', 'F'];

  it('lists up to five names in full', () => {
    expect(listedNames(names.slice(0, 1))).toBe('A');
    expect(listedNames(names.slice(0, 5))).toBe('A, B, C, D, E');
  });

  it('lists the first four and an ellipsis when there are more than five', () => {
    expect(listedNames(names)).toBe('A, B, C, D…');
  });
});
