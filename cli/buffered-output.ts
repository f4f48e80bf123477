// Output gathered in one large buffer and handed to a writer a chunk at a time: one write call
// per megabyte instead of one per line.

/** Bytes gathered before they are written out. */
const CHUNK_BYTES = 1 << 20;

export class BufferedOutput {
  /** Write at `at`, after reserve() made room. */
  buffer: Buffer;
  at = 0;
  private readonly write: (bytes: Uint8Array) => void;

  constructor(write: (bytes: Uint8Array) => void, chunkBytes = CHUNK_BYTES) {
    this.write = write;
    this.buffer = Buffer.allocUnsafe(chunkBytes);
  }

  /** Makes room for `bytes` more bytes at `at`, writing out what is gathered if needed. */
  reserve(bytes: number): void {
    if (this.at + bytes <= this.buffer.length) return;
    this.flush();
    if (bytes > this.buffer.length) this.buffer = Buffer.allocUnsafe(bytes);
  }

  /** Appends text of characters below 256 (ASCII, here). */
  text(text: string): void {
    this.reserve(text.length);
    this.at += this.buffer.write(text, this.at, "latin1");
  }

  /** Writes out what is gathered. */
  flush(): void {
    if (this.at === 0) return;
    // A copy: the writer may keep the bytes (an asynchronous pipe) while the buffer is reused.
    this.write(Buffer.from(this.buffer.subarray(0, this.at)));
    this.at = 0;
  }
}
