/**
 * A set of word ranks (non-negative integers) for one search at a time: open addressing in typed
 * arrays, emptied in O(1) by bumping a generation number. Small (a few KB for a 4x4 board, grows
 * with the words found), so a cold start touches no large array.
 */
export class RankSet {
  private keys = new Int32Array(1024);
  private stamps = new Uint32Array(1024);
  private generation = 1;
  private size = 0;

  clear(): void {
    this.size = 0;
    if (++this.generation === 0xffffffff) {
      this.stamps.fill(0);
      this.generation = 1;
    }
  }

  /** Adds `rank`; true when it was not in the set yet. */
  add(rank: number): boolean {
    const mask = this.keys.length - 1;
    let slot = Math.imul(rank, 0x9e3779b1) >>> 0 & mask;
    while (this.stamps[slot] === this.generation) {
      if (this.keys[slot] === rank) return false;
      slot = (slot + 1) & mask;
    }
    this.keys[slot] = rank;
    this.stamps[slot] = this.generation;
    if (++this.size * 2 > this.keys.length) this.grow();
    return true;
  }

  private grow(): void {
    const { keys, stamps, generation } = this;
    this.keys = new Int32Array(keys.length * 2);
    this.stamps = new Uint32Array(keys.length * 2);
    this.size = 0;
    for (let i = 0; i < keys.length; i++) if (stamps[i] === generation) this.add(keys[i]);
  }
}
