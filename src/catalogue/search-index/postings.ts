import { Bitset } from './bitset.js';

/**
 * For each word (by lexicon id), the slots of the listings that have it. `compact` packs them all
 * into one typed array (the slots of word w at `offsets[w] .. offsets[w + 1]`); slots added after
 * it wait in a plain list per word until the next.
 */
export class Postings {
  private offsets = new Int32Array(1);
  private slots = new Int32Array(0);
  private added: Array<number[] | undefined> = [];

  add(slot: number, lexemes: readonly number[]): void {
    for (const lexeme of lexemes) (this.added[lexeme] ??= []).push(slot);
  }

  compact(): void {
    const words = Math.max(this.offsets.length - 1, this.added.length);
    const offsets = new Int32Array(words + 1);
    for (let w = 0; w < words; w++) offsets[w + 1] = offsets[w] + this.packedLength(w) + (this.added[w]?.length ?? 0);
    const slots = new Int32Array(offsets[words]);
    for (let w = 0; w < words; w++) {
      const at = offsets[w];
      const packed = this.packedLength(w);
      if (packed) slots.set(this.slots.subarray(this.offsets[w], this.offsets[w] + packed), at);
      const added = this.added[w];
      if (added) slots.set(added, at + packed);
    }
    this.offsets = offsets;
    this.slots = slots;
    this.added = [];
  }

  /**
   * Slots (below `size`) having a word of every group of lexemes, or of any group with `every`
   * false.
   */
  matching(groups: readonly number[][], every: boolean, size: number): Bitset {
    let result: Bitset | undefined;
    for (const lexemes of groups) {
      const group = new Bitset(size);
      for (const lexeme of lexemes) {
        const end = lexeme < this.offsets.length - 1 ? this.offsets[lexeme + 1] : 0;
        for (let i = lexeme < this.offsets.length - 1 ? this.offsets[lexeme] : 0; i < end; i++) group.set(this.slots[i]);
        for (const slot of this.added[lexeme] ?? []) group.set(slot);
      }
      result = result ? (every ? result.and(group) : result.or(group)) : group;
    }
    return result ?? new Bitset(size);
  }

  private packedLength(lexeme: number): number {
    return lexeme < this.offsets.length - 1 ? this.offsets[lexeme + 1] - this.offsets[lexeme] : 0;
  }
}
