import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline as pipelineStreams, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { z } from 'zod';
import { FORMAT, MANIFEST, VERSION, type Manifest } from './archive';
import { readTar } from './tar';
import { openBackupFile } from './encryption';

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(VERSION),
  createdAt: z.string(),
  postgres: z.string(),
  migrations: z.array(z.string()),
  rows: z.record(z.string(), z.number().int().nonnegative()),
  content: z.object({ files: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() }),
  auditHead: z.object({ seq: z.number().int().positive(), hash: z.string().regex(/^[0-9a-f]{64}$/) }).nullable().optional(),
});

/** A name inside the archive that stays inside its part: no absolute path, no `..`, nothing but pgdata/ and content/. */
const SAFE_NAME = /^(pgdata|content)(\/(?!\.\.?(\/|$))[^/\\\0]+)*$/;

export interface Unpacked {
  manifest: Manifest;
  content: { files: number; bytes: number };
}

/**
 * Reads a backup file (archive.ts) and writes its parts out: the data folder to `pgdata`, the content files to
 * `content` (when given; otherwise only counted). Refuses a file that is not a backup of this format, an entry that
 * would land outside its folder, and an archive that is damaged or cut short (gzip and tar both check). A backup sealed
 * with BACKUP_KEY (encryption.ts) is opened with `key`; without it, or with another, it is refused before anything is read.
 */
export async function unpackBackup(file: string, into: { pgdata: string; content?: string }, key?: string): Promise<Unpacked> {
  // pipeline, not pipe: a failure of the file or of its decryption (a changed byte, found at the end) reaches the reader.
  const source = pipelineStreams(await openBackupFile(file, key), createGunzip(), () => {});
  let manifest: Manifest | undefined;
  const content = { files: 0, bytes: 0 };
  try {
    for await (const { entry, body } of readTar(source)) {
      if (!manifest) {
        if (entry.name !== MANIFEST || entry.type !== 'file' || entry.size > 1 << 20) throw new Error(`${file} is not a console backup (it does not start with ${MANIFEST})`);
        const chunks: Buffer[] = [];
        for await (const c of body) chunks.push(c);
        const parsed = manifestSchema.safeParse(safeJson(Buffer.concat(chunks).toString('utf8')));
        if (!parsed.success) throw new Error(`${file} is not a console backup of a format this console reads (${MANIFEST}: ${parsed.error.issues[0]?.message})`);
        manifest = parsed.data as Manifest;
        continue;
      }
      if (!SAFE_NAME.test(entry.name)) throw new Error(`${file} holds an unexpected entry: ${entry.name.slice(0, 200)}`);
      const [part, ...rest] = entry.name.split('/');
      if (part === 'content' && entry.type === 'file') {
        content.files++;
        content.bytes += entry.size;
      }
      const root = part === 'pgdata' ? into.pgdata : into.content;
      if (!root) continue;
      const target = path.join(root, ...rest);
      if (entry.type === 'dir') await mkdir(target, { recursive: true, mode: 0o700 });
      else {
        await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
        // Readable and private to the console's user, whatever the archive says.
        await pipeline(Readable.from(body), createWriteStream(target, { mode: 0o600 }));
      }
    }
    // The tar ends before the gzip does: reading on to its end has gzip check its checksum and length, which a bit
    // flipped inside a file's bytes fails (tar's own header checksums cover only the headers).
    for await (const rest of source) void rest;
  } catch (err) {
    const message = (err as Error).message;
    throw new Error(message.includes(file) ? message : `${file} is damaged or not a console backup: ${message}`);
  } finally {
    source.destroy();
  }
  if (!manifest) throw new Error(`${file} is empty`);
  return { manifest, content };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
