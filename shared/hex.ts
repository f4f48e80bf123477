// Bytes as lowercase hexadecimal (random ids and seeds, digests).
export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  return Array.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** `count` random bytes from the platform's CSPRNG, as hex. */
export function randomHex(count: number): string {
  return toHex(crypto.getRandomValues(new Uint8Array(count)));
}
