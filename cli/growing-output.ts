// Output gathered in memory, in one buffer that doubles as it fills: a batch thread's whole
// share of the output, written out (in game order, with the other threads') at the end.
import type { ByteOutput } from "#engine";

export class GrowingOutput implements ByteOutput {
  buffer: Uint8Array;
  at = 0;

  constructor(bytes = 1 << 20) {
    this.buffer = new Uint8Array(bytes);
  }

  reserve(bytes: number): void {
    if (this.at + bytes <= this.buffer.length) return;
    const bigger = new Uint8Array(Math.max(2 * this.buffer.length, this.at + bytes));
    bigger.set(this.buffer.subarray(0, this.at));
    this.buffer = bigger;
  }
}

