import { createCipheriv, createDecipheriv, randomBytes, scrypt, timingSafeEqual, type CipherGCM, type ScryptOptions } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline, Transform, type Readable } from 'node:stream';

/**
 * Backups sealed with BACKUP_KEY: AES-256-GCM (Node's crypto), with a key derived from BACKUP_KEY by scrypt and a salt
 * of its own for every backup. A file is
 *
 *   header      `HCBKENC\x01`, scrypt's cost (log2 N, one byte), the salt (16 bytes), the nonce (12) and a check of
 *               the key (16 bytes more of scrypt's output, so that a wrong key is told at once, before any byte is
 *               decrypted); the whole header is authenticated with the contents;
 *   contents    the backup (a .tar.gz) encrypted, streamed: a backup of any size, no more memory;
 *   tag         GCM's 16 bytes, which authenticate everything before them.
 *
 * Whoever holds the file without the key learns its size only; a byte changed anywhere fails the tag, which is read
 * first and checked when the last byte is decrypted. Reading stops there with an error, and what was unpacked from it
 * is removed (unpack.ts is only ever read into a folder that a failure removes).
 */
const MAGIC = Buffer.from('HCBKENC\x01', 'latin1');
const SALT = 16;
const NONCE = 12;
const CHECK = 16;
const TAG = 16;
const HEADER = MAGIC.length + 1 + SALT + NONCE + CHECK;

/** scrypt's cost for a backup's key: as for passwords (N = 2^17, r = 8, p = 1), once per backup. */
export const BACKUP_KEY_LOG_N = 17;

/** A key refused before anything was read: missing, or not the one the backup was sealed with. */
export class BackupKeyError extends Error {}

function derive(passphrase: string, salt: Buffer, logN: number): Promise<{ key: Buffer; check: Buffer }> {
  const opts: ScryptOptions = { N: 2 ** logN, r: 8, p: 1, maxmem: 256 * 1024 * 1024 };
  return new Promise((resolve, reject) => scrypt(passphrase.normalize('NFKC'), salt, 32 + CHECK, opts, (err, out) => (err ? reject(err) : resolve({ key: out.subarray(0, 32), check: out.subarray(32) }))));
}

/** The backup's bytes in, the sealed file's bytes out. */
export function encryptingStream(passphrase: string, logN = BACKUP_KEY_LOG_N): Transform {
  let cipher: CipherGCM | undefined;
  const start = async (push: (b: Buffer) => void) => {
    const salt = randomBytes(SALT);
    const nonce = randomBytes(NONCE);
    const { key, check } = await derive(passphrase, salt, logN);
    const header = Buffer.concat([MAGIC, Buffer.from([logN]), salt, nonce, check]);
    cipher = createCipheriv('aes-256-gcm', key, nonce);
    cipher.setAAD(header);
    push(header);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      (cipher ? Promise.resolve() : start((b) => this.push(b))).then(() => done(null, cipher!.update(chunk)), done);
    },
    flush(done) {
      (cipher ? Promise.resolve() : start((b) => this.push(b))).then(() => done(null, Buffer.concat([cipher!.final(), cipher!.getAuthTag()])), done);
    },
  });
}

/** Whether a file is a sealed backup (by its first bytes). */
export async function isSealed(file: string): Promise<boolean> {
  const fh = await open(file, 'r');
  try {
    const head = Buffer.alloc(MAGIC.length);
    const { bytesRead } = await fh.read(head, 0, head.length, 0);
    return bytesRead === MAGIC.length && head.equals(MAGIC);
  } finally {
    await fh.close();
  }
}

/**
 * A backup file's contents (the .tar.gz): the file as it is, or, sealed, decrypted with `passphrase` (BACKUP_KEY).
 * A sealed file without a key, or with another key, is refused before anything is read (BackupKeyError); one changed
 * after it was sealed ends in an error at its last byte.
 */
export async function openBackupFile(file: string, passphrase: string | undefined): Promise<Readable> {
  if (!(await isSealed(file))) return createReadStream(file);
  if (!passphrase) throw new BackupKeyError(`${file} is encrypted: give the key it was made with (BACKUP_KEY)`);
  const fh = await open(file, 'r');
  let header: Buffer;
  let tag: Buffer;
  let size: number;
  try {
    size = (await fh.stat()).size;
    if (size <= HEADER + TAG) throw new Error(`${file} is cut short: it holds no encrypted backup`);
    header = Buffer.alloc(HEADER);
    await fh.read(header, 0, HEADER, 0);
    tag = Buffer.alloc(TAG);
    await fh.read(tag, 0, TAG, size - TAG);
  } finally {
    await fh.close();
  }
  let at = MAGIC.length;
  const logN = header[at++];
  const salt = header.subarray(at, (at += SALT));
  const nonce = header.subarray(at, (at += NONCE));
  const check = header.subarray(at, (at += CHECK));
  if (logN < 10 || logN > 22) throw new Error(`${file} is damaged: its header is not one this console writes`);
  const derived = await derive(passphrase, salt, logN);
  if (!timingSafeEqual(derived.check, check)) throw new BackupKeyError(`BACKUP_KEY is not the key ${file} was encrypted with`);
  const decipher = createDecipheriv('aes-256-gcm', derived.key, nonce);
  decipher.setAAD(header);
  decipher.setAuthTag(tag);
  const plain = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, decipher.update(chunk));
    },
    flush(done) {
      try {
        done(null, decipher.final());
      } catch {
        done(new Error(`${file} was changed or damaged after it was encrypted: its contents do not match its authentication tag`));
      }
    },
  });
  return pipeline(createReadStream(file, { start: HEADER, end: size - TAG - 1 }), plain, () => {});
}
