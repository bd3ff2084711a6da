import { fstatSync } from 'node:fs';

/** The parts of Emscripten's NODEFS (as PGlite 0.5 mounts the data folder) that a file's size passes through. */
interface FsNode { mode: number }
interface FsStream { node: FsNode; nfd: number }
type Op = (...args: never[]) => unknown;
export interface NodeFsOps {
  stream_ops: Record<string, Op | undefined>;
  node_ops: Record<string, Op | undefined>;
}

const SEEK_END = 2;
const isFile = (node: FsNode) => (node.mode & 0o170000) === 0o100000;

/** What keepFileSizes did: sizes answered from memory, and from fstat(2). With `check`, every answer is both. */
export interface FileSizeCounts { kept: number; asked: number }

/**
 * PostgreSQL learns a table's or an index's length by seeking to its end (smgrnblocks), and it does so each time it
 * plans a statement that reads the table (its size estimate), and on scans and inserts. NODEFS answers each seek to the
 * end with an fstat(2) of the file: under the load bench, a tenth of the embedded console's CPU a request
 * (bench/load-figures.md, §6). This process is the only writer of the data folder (db/lock.ts), and every change to a
 * file's length passes through NODEFS here: a write (which only lengthens), a truncation (setattr with a size, or an
 * open with O_TRUNC). So a file's length is asked of the system once, kept on its node, moved on by each write past
 * it, and forgotten at a truncation or an open. With `check` (the tests), each kept length is compared with fstat's and
 * a difference throws: a path that changes a length unseen would corrupt a table, and is to be found there.
 */
export function keepFileSizes(nodefs: NodeFsOps, opts: { check?: boolean } = {}): FileSizeCounts {
  const counts: FileSizeCounts = { kept: 0, asked: 0 };
  const sizes = new WeakMap<FsNode, number>();
  const { stream_ops: stream, node_ops: node } = nodefs;
  const llseek = stream.llseek as ((s: FsStream, offset: number, whence: number) => number) | undefined;
  const write = stream.write as ((s: FsStream, buffer: Uint8Array, offset: number, length: number, position?: number | null) => number) | undefined;
  const open = stream.open as ((s: FsStream) => void) | undefined;
  const setStreamAttr = stream.setattr as ((s: FsStream, attr: object) => void) | undefined;
  const setNodeAttr = node.setattr as ((n: FsNode, attr: object) => void) | undefined;
  // A later PGlite may move these; refuse to start rather than keep lengths some path changes unseen.
  if (!llseek || !write || !open || !setStreamAttr || !setNodeAttr) throw new Error('this PGlite\'s NODEFS lacks an operation the kept file lengths rely on');

  stream.llseek = ((s: FsStream, offset: number, whence: number) => {
    if (whence !== SEEK_END || !isFile(s.node)) return llseek(s, offset, whence);
    const kept = sizes.get(s.node);
    if (kept === undefined || offset + kept < 0) {
      counts.asked++;
      const size = llseek(s, 0, SEEK_END);
      sizes.set(s.node, size);
      return offset < 0 ? llseek(s, offset, whence) : offset + size;
    }
    counts.kept++;
    if (opts.check) {
      const actual = fstatSync(s.nfd).size;
      if (actual !== kept) throw new Error(`kept file length ${kept} differs from the file's ${actual}`);
    }
    return offset + kept;
  }) as Op;

  stream.write = ((s: FsStream, buffer: Uint8Array, offset: number, length: number, position?: number | null) => {
    let written: number;
    try {
      written = write(s, buffer, offset, length, position);
    } catch (err) {
      // A failed write may still have lengthened the file: its length is asked again.
      sizes.delete(s.node);
      throw err;
    }
    const kept = sizes.get(s.node);
    if (kept !== undefined) {
      // A write at the file's own position (none given) cannot be placed here: its length is asked again.
      if (typeof position === 'number') sizes.set(s.node, Math.max(kept, position + written));
      else sizes.delete(s.node);
    }
    return written;
  }) as Op;

  // Forgotten before as well as after: should the call fail halfway, nothing stale is left.
  stream.open = ((s: FsStream) => { sizes.delete(s.node); try { return open(s); } finally { sizes.delete(s.node); } }) as Op;
  stream.setattr = ((s: FsStream, attr: object) => { sizes.delete(s.node); try { return setStreamAttr(s, attr); } finally { sizes.delete(s.node); } }) as Op;
  node.setattr = ((n: FsNode, attr: object) => { sizes.delete(n); try { return setNodeAttr(n, attr); } finally { sizes.delete(n); } }) as Op;
  return counts;
}
