import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

/** A seeded source of choices (pure-rand's xoroshiro128+): the same seed, the same choices. */
export class Rng {
  private readonly gen: RandomGenerator;

  constructor(seed: number) {
    this.gen = xoroshiro128plus(seed);
  }

  /** An integer in [from, to]. */
  int(from: number, to: number): number {
    return uniformInt(this.gen, from, to);
  }

  chance(p: number): boolean {
    return this.int(0, 999_999) < p * 1_000_000;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from nothing');
    return items[this.int(0, items.length - 1)] as T;
  }

  /** Picks by weight: [[weight, value], ...]. */
  weighted<T>(choices: readonly (readonly [number, T])[]): T {
    let roll = this.int(
      1,
      choices.reduce((sum, [w]) => sum + w, 0),
    );
    for (const [w, value] of choices) {
      roll -= w;
      if (roll <= 0) return value;
    }
    return choices.at(-1)?.[1] as T;
  }

  bytes(n: number): Buffer {
    return Buffer.from(Array.from({ length: n }, () => this.int(0, 255)));
  }
}
