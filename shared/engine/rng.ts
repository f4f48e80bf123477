/** Seeded randomness (SPEC section 4): the same seed gives the same game in every runtime. */

export interface Rng {
  /** A whole number in 0 .. limit-1; advances the generator exactly once. */
  random(limit: number): number;
}

const LFSR_ZERO_SEED_STATE = 0xace1;

/**
 * The classroom-compatible 16-bit Fibonacci LFSR (taps 16, 14, 13, 11). Seed 0 would lock the
 * register at zero, so it is replaced by a fixed non-zero state.
 */
export class Lfsr16 implements Rng {
  private state: number;

  constructor(seed: number) {
    const s = seed & 0xffff;
    this.state = s === 0 ? LFSR_ZERO_SEED_STATE : s;
  }

  next(): number {
    const s = this.state;
    const bit = (s ^ (s >> 2) ^ (s >> 3) ^ (s >> 5)) & 1;
    this.state = (s >> 1) | (bit << 15);
    return this.state;
  }

  random(limit: number): number {
    return this.next() % limit;
  }
}

/**
 * The default generator: xoshiro128** (Blackman and Vigna), 128 bits of state, 32-bit output.
 * Seeded from bytes, so a 32-byte HMAC digest is a seed; numbers and strings are turned into bytes.
 */
export class Xoshiro128 implements Rng {
  private readonly s = new Uint32Array(4);

  constructor(seed: Uint8Array) {
    seedState(this.s, seed);
  }

  next(): number {
    const s = this.s;
    const result = Math.imul(rotl(Math.imul(s[1], 5), 7), 9) >>> 0;
    const t = s[1] << 9;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 11);
    return result;
  }

  /** Multiply-shift maps 32 random bits onto the range with one draw (bias below limit / 2^32). */
  random(limit: number): number {
    return Math.floor((this.next() * limit) / 4294967296);
  }
}

export type Seed = Uint8Array | number | string;

export function createRng(seed: Seed): Xoshiro128 {
  return new Xoshiro128(seedBytes(seed));
}

/** Numbers become 8 little-endian bytes (integers up to 2^53), strings their UTF-8 bytes. */
export function seedBytes(seed: Seed): Uint8Array {
  if (seed instanceof Uint8Array) return seed;
  if (typeof seed === "string") return new TextEncoder().encode(seed);
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt.asUintN(64, BigInt(Math.trunc(seed))), true);
  return bytes;
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/** murmur3's finaliser: every input bit affects every output bit. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Absorbs any number of seed bytes into the 4 state words; never leaves the all-zero state. */
function seedState(s: Uint32Array, bytes: Uint8Array): void {
  s.set([0x9e3779b9, 0x243f6a88, 0xb7e15162, 0x5be0cd19]);
  const words = Math.ceil(bytes.length / 4);
  for (let w = 0; w < words; w++) {
    let chunk = 0;
    for (let b = 0; b < 4; b++) chunk |= (bytes[w * 4 + b] ?? 0) << (8 * b);
    s[w & 3] = fmix32(s[w & 3] ^ chunk ^ Math.imul(w + 1, 0x27d4eb2f));
  }
  s[0] = fmix32(s[0] ^ bytes.length);
  for (let i = 1; i < 4; i++) s[i] = fmix32(s[i] ^ s[i - 1]);
  if ((s[0] | s[1] | s[2] | s[3]) === 0) s[0] = 1;
}

/** Fisher-Yates exactly as the SPEC has it: i from n-1 down to 1, j = random(i + 1), swap. */
export function shuffle<T>(v: T[], rng: Rng): T[] {
  for (let i = v.length - 1; i >= 1; i--) {
    const j = rng.random(i + 1);
    const tmp = v[i];
    v[i] = v[j];
    v[j] = tmp;
  }
  return v;
}
