/**
 * Reads a stream of chunks by position: peek a few bytes, skip many, or keep only the tail, never
 * holding more than the chunks it was asked to look at. The format checks walk 100 MB files with it.
 */
export class ByteReader {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private ended = false;
  /** Bytes consumed so far. */
  position = 0;

  constructor(private readonly source: AsyncIterator<Buffer>) {}

  static from(stream: AsyncIterable<Buffer>): ByteReader {
    return new ByteReader(stream[Symbol.asyncIterator]());
  }

  private async fill(wanted: number): Promise<void> {
    while (this.buffered < wanted && !this.ended) {
      const next = await this.source.next();
      if (next.done) this.ended = true;
      else if (next.value.length > 0) {
        this.chunks.push(next.value);
        this.buffered += next.value.length;
      }
    }
  }

  /** Up to `count` bytes at the current position (fewer at the end), without consuming them. */
  async peek(count: number): Promise<Buffer> {
    await this.fill(count);
    const first = this.chunks[0];
    if (!first) return Buffer.alloc(0);
    if (first.length >= count) return first.subarray(0, count);
    let joined = 0;
    let used = 0;
    while (joined < count && used < this.chunks.length) joined += this.chunks[used++]!.length;
    const merged = Buffer.concat(this.chunks.slice(0, used));
    this.chunks.splice(0, used, merged);
    return merged.subarray(0, count);
  }

  /** Consumes `count` bytes; returns how many there were (fewer means the stream ended). */
  async skip(count: number): Promise<number> {
    let left = count;
    while (left > 0) {
      if (this.buffered === 0) {
        await this.fill(1);
        if (this.buffered === 0) break;
      }
      const first = this.chunks[0]!;
      const taken = Math.min(first.length, left);
      if (taken === first.length) this.chunks.shift();
      else this.chunks[0] = first.subarray(taken);
      this.buffered -= taken;
      left -= taken;
    }
    this.position += count - left;
    return count - left;
  }

  /** Consumes bytes up to the next `byte` value (or the end); returns false at the end. */
  async skipToByte(byte: number): Promise<boolean> {
    for (;;) {
      if (this.buffered === 0) {
        await this.fill(1);
        if (this.buffered === 0) return false;
      }
      const first = this.chunks[0]!;
      const index = first.indexOf(byte);
      if (index >= 0) {
        await this.skip(index);
        return true;
      }
      await this.skip(first.length);
    }
  }

  /** Reads to the end and returns the last `count` bytes. */
  async tail(count: number): Promise<Buffer> {
    for (;;) {
      while (this.chunks.length > 1 && this.buffered - this.chunks[0]!.length >= count) {
        const dropped = this.chunks.shift()!;
        this.buffered -= dropped.length;
        this.position += dropped.length;
      }
      if (this.ended) break;
      await this.fill(this.buffered + 1);
    }
    const all = Buffer.concat(this.chunks);
    this.position += all.length;
    this.chunks = [];
    this.buffered = 0;
    return all.subarray(Math.max(0, all.length - count));
  }
}
