import { closeSync, existsSync, fsyncSync, openSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { keepFileSizes, type FileSizeCounts, type NodeFsOps } from './file-sizes';

/**
 * How PGlite 0.5 keeps its files on Node (read in node_modules/@electric-sql/pglite/dist): the data folder is
 * mounted with Emscripten's NODEFS, so every write PostgreSQL makes is an fs.writeSync into the real file, and a
 * commit writes its WAL record before it answers. Nothing is ever forced to the disk: PGlite starts PostgreSQL
 * with -F (fsync = off), NODEFS has no fsync of its own (fsync() is a no-op, fdatasync() too), and its
 * `relaxedDurability` option only concerns the browser's IndexedDB. So a killed process loses nothing the OS
 * has (its page cache outlives the process), but a power cut or kernel crash can lose recent commits, or worse.
 *
 * Durable mode (PGLITE_FSYNC=1): PostgreSQL runs with fsync = on and wal_sync_method = fsync (its fdatasync
 * path is the no-op), and NODEFS gets the fsync it lacks, a real fsync(2) of the file. A commit then waits for
 * its WAL on the disk, and checkpoints for the data files, as on a PostgreSQL server.
 */
type EmscriptenModule = { NODEFS?: Partial<NodeFsOps> & { doSetAttr?: (arg: unknown, node: unknown, attr: { mode?: number }, ...rest: unknown[]) => unknown } };

/**
 * NODEFS as PGlite mounts it, but never giving the host's other users a permission. PGlite writes a new database's
 * files with the modes of its in-memory copy (0666: Emscripten keeps no umask) through chmod, which the process's
 * umask does not filter; every mode set through NODEFS loses its group and other bits here. The data folder (0700,
 * ops/private-files.ts) already keeps others out; this keeps the files private should the folder be opened.
 */
export class PrivateNodeFS extends NodeFS {
  /** Files' lengths answered from memory and asked of the system (db/file-sizes.ts), for tests and the measurement. */
  fileSizes: FileSizeCounts | null = null;
  /** Each length kept is compared with the file's (tests). */
  protected checkFileSizes = false;

  async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const result = await super.init(pg, opts);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [...preRun, (mod) => {
      const nodefs = (mod as unknown as EmscriptenModule).NODEFS;
      const doSetAttr = nodefs?.doSetAttr;
      // A later PGlite may move this; refuse to start rather than write files others may read.
      if (!nodefs || !doSetAttr) throw new Error('this PGlite has no NODEFS.doSetAttr to keep file modes private');
      nodefs.doSetAttr = (arg: unknown, node: unknown, attr: { mode?: number }, ...rest: unknown[]) =>
        doSetAttr.call(nodefs, arg, node, attr.mode === undefined ? attr : { ...attr, mode: attr.mode & ~0o077 }, ...rest);
      if (!nodefs.stream_ops || !nodefs.node_ops) throw new Error('this PGlite has no NODEFS operations to keep file lengths in');
      this.fileSizes = keepFileSizes(nodefs as NodeFsOps, { check: this.checkFileSizes });
      this.patch(mod as unknown as EmscriptenModule);
    }];
    return result;
  }

  /** What a subclass adds to NODEFS, in the same pre-run. */
  protected patch(_mod: EmscriptenModule): void {}
}

export class FsyncNodeFS extends PrivateNodeFS {
  /** fsync(2) calls made for PostgreSQL, for tests and the measurement. */
  syncs = 0;

  protected patch(mod: EmscriptenModule) {
    const nodefs = mod.NODEFS;
    // A later PGlite may move this; refuse to start rather than run without the durability asked for.
    if (!nodefs?.stream_ops) throw new Error('PGLITE_FSYNC=1: this PGlite has no NODEFS to add fsync to');
    nodefs.stream_ops.fsync = (stream: { nfd: number }) => {
      this.syncs++;
      fsyncSync(stream.nfd);
      return 0;
    };
  }
}

/** PGlite's start parameters without -F, and a WAL sync method that reaches FsyncNodeFS. */
export const FSYNC_START_PARAMS = [...PGlite.defaultStartParams.filter((p) => p !== '-F'), '-c', 'fsync=on', '-c', 'wal_sync_method=fsync'];

/**
 * A new embedded database appears whole or not at all. PGlite makes one by running initdb in memory and then
 * writing its files into the folder one by one; a crash in between would leave a folder that the next start
 * takes for a database. So it is made beside its place (`pgdata.new`, removed if a crash left one), closed,
 * (with fsync, its files forced to the disk) and renamed into place. A folder left without PG_VERSION by an
 * older release's crash is kept aside as `pgdata.incomplete-<time>`, never deleted.
 */
export async function createDatabaseFolder(folder: string, open: (folder: string) => PGlite, fsync: boolean, log: (line: string) => void = () => {}) {
  if (existsSync(path.join(folder, 'PG_VERSION'))) return;
  const fresh = `${folder}.new`;
  rmSync(fresh, { recursive: true, force: true });
  if (existsSync(folder)) {
    const aside = `${folder}.incomplete-${Date.now()}`;
    renameSync(folder, aside);
    log(`${folder} held no database (a first start that did not finish); kept as ${aside}`);
  }
  const pg = open(fresh);
  await pg.waitReady;
  await pg.close();
  if (fsync) syncTree(fresh);
  renameSync(fresh, folder);
  if (fsync) syncPath(path.dirname(folder));
}

/** PostgreSQL's own lock file in the database folder: it names the running process. */
export const SERVER_LOCK_FILE = 'postmaster.pid';

/**
 * PostgreSQL's own lock file in the database folder, taken away before PGlite opens it. Each start writes it anew (it
 * is left after a close too): a kill between the file's creation and its first write leaves it empty, and PostgreSQL
 * then refuses to start on the folder ("lock file is empty"), so the console could never start again on data that is
 * whole. It guards against a second server on the folder, which our own lock (db/lock.ts) already refuses: it is
 * held by the caller, so any such file is a dead process's.
 */
export function dropServerLockFile(folder: string) {
  rmSync(path.join(folder, SERVER_LOCK_FILE), { force: true });
}

export function syncTree(dir: string) {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) syncTree(p);
    else syncPath(p);
  }
  syncPath(dir);
}

export function syncPath(p: string) {
  const fd = openSync(p, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
