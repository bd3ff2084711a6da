/**
 * The tar format (POSIX ustar), as far as a backup needs it: regular files and directories, names up to 255 bytes,
 * files under 8 GB (a PostgreSQL data file is at most 1 GB). Written and read as streams, so a backup of any size
 * passes through in small pieces; `tar -xzf` opens what this writes. Written by hand: the tar packages in reach
 * are other packages' dependencies, and this is about a hundred lines.
 */
export interface TarEntry {
  /** Relative, '/'-separated, without a trailing slash. */
  name: string;
  type: 'file' | 'dir';
  size: number;
  mtime: Date;
  mode: number;
}

/** An entry and its bytes (a file's, exactly `size` of them). */
export interface TarItem {
  entry: TarEntry;
  body?: AsyncIterable<Uint8Array> | Uint8Array;
}

const BLOCK = 512;
const MAX_SIZE = 8 ** 11 - 1;

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

/** Splits a long name at a '/' into ustar's prefix (155 bytes) and name (100 bytes). */
function splitName(name: string): [prefix: string, name: string] {
  if (Buffer.byteLength(name) <= 100) return ['', name];
  for (let i = name.indexOf('/'); i >= 0; i = name.indexOf('/', i + 1)) {
    const prefix = name.slice(0, i);
    const rest = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return [prefix, rest];
  }
  throw new Error(`tar: the name ${name} is too long`);
}

export function header(e: TarEntry): Buffer {
  if (e.size > MAX_SIZE) throw new Error(`tar: ${e.name} is too large`);
  const h = Buffer.alloc(BLOCK);
  const [prefix, name] = splitName(e.type === 'dir' ? `${e.name}/` : e.name);
  h.write(name, 0, 100);
  h.write(octal(e.mode & 0o7777, 8), 100);
  h.write(octal(0, 8), 108);
  h.write(octal(0, 8), 116);
  h.write(octal(e.type === 'dir' ? 0 : e.size, 12), 124);
  h.write(octal(Math.floor(e.mtime.getTime() / 1000), 12), 136);
  h.write(' '.repeat(8), 148);
  h.write(e.type === 'dir' ? '5' : '0', 156);
  h.write('ustar\0' + '00', 257);
  h.write(prefix, 345, 155);
  h.write(`${octal(checksum(h), 7)} `, 148);
  return h;
}

function checksum(h: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : h[i];
  return sum;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** The archive's bytes: each entry's header, its body (checked against its size) and padding, then the end blocks. */
export async function* tarStream(items: AsyncIterable<TarItem>): AsyncGenerator<Uint8Array> {
  for await (const { entry, body } of items) {
    yield header(entry);
    if (entry.type === 'dir') continue;
    let written = 0;
    const chunks = body instanceof Uint8Array ? [body] : (body ?? []);
    for await (const chunk of chunks) {
      written += chunk.length;
      if (written > entry.size) throw new Error(`tar: ${entry.name} grew while it was read`);
      yield chunk;
    }
    if (written !== entry.size) throw new Error(`tar: ${entry.name} has ${written} bytes, not ${entry.size}`);
    yield padding(entry.size);
  }
  yield Buffer.alloc(BLOCK * 2);
}

/** Exactly-n-byte reads from a stream of chunks. */
class Bytes {
  private buffered: Buffer[] = [];
  private length = 0;
  private done = false;
  constructor(private readonly source: AsyncIterator<Uint8Array>) {}

  private async fill(n: number): Promise<boolean> {
    while (this.length < n && !this.done) {
      const next = await this.source.next();
      if (next.done) this.done = true;
      else {
        const v = next.value;
        this.buffered.push(Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength));
        this.length += next.value.length;
      }
    }
    return this.length >= n;
  }

  /** The next `n` bytes, or null at the end of the stream; a partial block is a truncated archive. */
  async read(n: number): Promise<Buffer | null> {
    if (!(await this.fill(n))) {
      if (this.length === 0) return null;
      throw new Error('tar: the archive is cut short');
    }
    const all = this.buffered.length === 1 ? this.buffered[0] : Buffer.concat(this.buffered);
    this.buffered = all.length > n ? [all.subarray(n)] : [];
    this.length -= n;
    return all.subarray(0, n);
  }

  /** The next `n` bytes as they come (at most 1 MB at a time). */
  async *take(n: number): AsyncGenerator<Buffer> {
    for (let left = n; left > 0;) {
      const chunk = await this.read(Math.min(left, 1 << 20));
      if (!chunk) throw new Error('tar: the archive is cut short');
      left -= chunk.length;
      yield chunk;
    }
  }
}

const text = (h: Buffer, start: number, length: number) => {
  const field = h.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end < 0 ? length : end).toString('utf8');
};
const number = (h: Buffer, start: number, length: number) => Number.parseInt(text(h, start, length).trim() || '0', 8);

/**
 * The entries of an archive, in order. Each item's body must be read (or left) before the next is asked for: the
 * reader skips what was left. A damaged header (its checksum) or an archive cut short throws. Entries other than
 * files and directories (links, devices, extended headers) are skipped: a backup has none.
 */
export async function* readTar(source: AsyncIterable<Uint8Array>): AsyncGenerator<{ entry: TarEntry; body: AsyncIterable<Buffer> }> {
  const bytes = new Bytes(source[Symbol.asyncIterator]());
  for (;;) {
    const h = await bytes.read(BLOCK);
    if (!h) throw new Error('tar: the archive is cut short');
    if (h.every((b) => b === 0)) return;
    if (number(h, 148, 8) !== checksum(h)) throw new Error('tar: a damaged header (not a tar archive, or a damaged one)');
    const type = String.fromCharCode(h[156] || 48);
    const size = number(h, 124, 12);
    const prefix = text(h, 345, 155);
    const name = `${prefix ? `${prefix}/` : ''}${text(h, 0, 100)}`.replace(/\/+$/, '');
    const body = bytes.take(size);
    if (type === '0' || type === '5') {
      // Without return(): a reader that stops early leaves the rest to be skipped below, not lost to the next entry.
      const view = { [Symbol.asyncIterator]: () => ({ next: () => body.next() }) };
      yield { entry: { name, type: type === '5' ? 'dir' : 'file', size, mtime: new Date(number(h, 136, 12) * 1000), mode: number(h, 100, 8) }, body: view };
    }
    for await (const _ of body) { /* what the reader left */ }
    await bytes.read(padding(size).length);
  }
}
