// Bytes as lowercase hex: random ids, seeds and digests.

export function bytesToHex(bytes: Uint8Array | ArrayBuffer): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let hex = "";
  for (const b of view) hex += b.toString(16).padStart(2, "0");
  return hex;
}

/** `count` random bytes as hex (2 * count characters). */
export function randomHex(count: number): string {
  return bytesToHex(crypto.getRandomValues(new Uint8Array(count)));
}
