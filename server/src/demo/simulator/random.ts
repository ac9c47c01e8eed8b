// Deterministic randomness for the fleet simulator. Two kinds:
// - `hashUnit(...)`: a stateless draw from integer keys (device, slot, salt), so any period can be generated on its
//   own and still equal what a run over the whole history produced;
// - `Rng`: a small sequential generator for plans (rota, segments), seeded from a hash of the same keys.

/** 32-bit string hash (FNV-1a), used once per seed and per name. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** murmur3's finaliser: spreads every input bit over the whole word. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A 32-bit hash of up to five integer keys (non-integers are truncated). */
export function hashInts(a: number, b = 0, c = 0, d = 0, e = 0): number {
  let h = mix(a | 0);
  h = mix(h ^ Math.imul(b | 0, 0x9e3779b1));
  h = mix(h ^ Math.imul(c | 0, 0x85ebca77));
  h = mix(h ^ Math.imul(d | 0, 0xc2b2ae3d));
  h = mix(h ^ Math.imul(e | 0, 0x27d4eb2f));
  return h;
}

/** A number in [0, 1) from integer keys; the same keys always give the same number. */
export function hashUnit(a: number, b = 0, c = 0, d = 0, e = 0): number {
  return hashInts(a, b, c, d, e) / 4294967296;
}

/** Sequential generator (mulberry32): fast, 32-bit state, good enough for scheduling decisions. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** [0, 1) */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** [min, max) */
  between(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** A shuffled copy (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }
}
