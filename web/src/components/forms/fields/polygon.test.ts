import { describe, expect, it } from 'vitest';
import { addCorner, closeRing, cornersOf, isClosedRing, roundCorner } from './polygon.ts';
import type { LonLat } from './polygon.ts';

const a: LonLat = [19, 52];
const b: LonLat = [20, 52];
const c: LonLat = [20, 53];
const d: LonLat = [19.5, 53.5];

describe('geopolygon drawing', () => {
  it('adds corners in click order, ignoring a second click on the last one', () => {
    let ring = addCorner(null, a);
    ring = addCorner(ring, b);
    ring = addCorner(ring, b);
    ring = addCorner(ring, c);
    expect(ring).toEqual([a, b, c]);
    expect(isClosedRing(ring)).toBe(false);
  });

  it('closes the ring when the first corner is clicked, repeating it last', () => {
    const ring = addCorner([a, b, c], [...a] as LonLat);
    expect(ring).toEqual([a, b, c, a]);
    expect(isClosedRing(ring)).toBe(true);
    expect(cornersOf(ring)).toEqual([a, b, c]);
  });

  it('closes on a click near the first corner when the map says so', () => {
    expect(addCorner([a, b, c], d, true)).toEqual([a, b, c, a]);
  });

  it('cannot close with fewer than three corners', () => {
    expect(addCorner([a, b], a)).toEqual([a, b]);
    expect(addCorner([a, b], d, true)).toEqual([a, b]);
    expect(closeRing([a, b])).toEqual([a, b]);
  });

  it('takes no more corners once closed, and does not close twice', () => {
    const closed = closeRing([a, b, c]);
    expect(addCorner(closed, d)).toBe(closed);
    expect(closeRing(closed)).toBe(closed);
  });

  it('tells closed rings from open drawings', () => {
    expect(isClosedRing(null)).toBe(false);
    expect(isClosedRing([a, a])).toBe(false);
    expect(isClosedRing([a, b, a])).toBe(false);
    expect(isClosedRing([a, b, c, a])).toBe(true);
    expect(cornersOf([a, b])).toEqual([a, b]);
  });

  it('rounds corners to a micro-degree', () => {
    expect(roundCorner(19.12345678, 52.98765432)).toEqual([19.123457, 52.987654]);
  });
});
