/**
 * A small seeded PRNG (mulberry32): what is made from a seed (a picture, a video's motion, a
 * caption) comes out the same every time, so a retried job repeats itself.
 */
export type Seed = number | string;

/** FNV-1a hash of the seed's string form, as an unsigned 32-bit integer. */
export function hashSeed(seed: Seed): number {
  const text = typeof seed === "number" ? `n:${seed}` : `s:${seed}`;
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export class Rng {
  private state: number;

  constructor(seed: Seed) {
    this.state = hashSeed(seed) || 0x9e3779b9;
  }

  /** uniform in [0, 1) */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** integer in [min, max] */
  int(min: number, max: number): number {
    return Math.floor(this.range(min, max + 1));
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[Math.floor(this.next() * items.length)] as T;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  sign(): 1 | -1 {
    return this.next() < 0.5 ? -1 : 1;
  }

  /** An independent stream derived from this one and a label (does not advance this stream). */
  fork(label: string): Rng {
    return new Rng(`${this.state}:${label}`);
  }
}
