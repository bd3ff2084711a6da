import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { beforeAll, describe, expect, test } from 'vitest';
import { ROLES, type Role } from '../../src/registry';
import { demo } from './demo-database';

/**
 * Verification is a review: the demo's verification requests carry real documents (small PDFs and PNGs written into
 * the content store at seed time, where uploads are kept), and the content store serves them to the superadmin, who
 * reviews them, and answers 404 to every other role, as for a file that does not exist. On the database seeded with
 * demo data (demo-database.ts).
 */
let requests: { id: number; number: string; status: string; documents: { title: string; file: string }[] }[] = [];

beforeAll(async () => {
  const listed = await get('superadmin', '/api/requestVerification?limit=200');
  expect(listed.status).toBe(200);
  requests = ((await listed.json()) as { data: typeof requests }).data;
});

const get = (role: Role, url: string) => demo.app.request(url, { headers: { Authorization: `Bearer ${demo.tokens[role]}` } });
const address = (file: string) => `/content/${file.replace(/^content\//, '')}`;
/**
 * The text of a PDF written with pdfkit's standard fonts (WinAnsi: one byte a character, as hex strings in TJ arrays),
 * spaces left out: pdfkit splits a line's runs where it kerns, so words are compared without their spaces.
 */
function standardFontText(pdf: Buffer): string {
  const src = pdf.toString('latin1');
  let out = '';
  for (const m of src.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    let body: string;
    try { body = inflateSync(Buffer.from(m[1], 'latin1')).toString('latin1'); } catch { continue; }
    for (const h of body.matchAll(/<([0-9a-fA-F]+)>/g)) out += Buffer.from(h[1], 'hex').toString('latin1');
  }
  return out.replace(/\s/g, '');
}

const PDF = [0x25, 0x50, 0x44, 0x46];
const PNG = [0x89, 0x50, 0x4e, 0x47];

describe('the demo requests\' documents', () => {
  test('every request has documents, each a file in the content store, PDFs and PNGs among them', () => {
    expect(requests.length).toBeGreaterThan(20);
    const files = requests.flatMap((r) => r.documents.map((d) => d.file));
    expect(requests.every((r) => r.documents.length >= 2)).toBe(true);
    for (const file of files) {
      expect(file).toMatch(/^content\/uploads\/demo\/verification\/[a-z0-9-]+\.(pdf|png)$/);
      const bytes = readFileSync(path.join(demo.dataDir, file));
      expect([...bytes.subarray(0, 4)], file).toEqual(file.endsWith('.pdf') ? PDF : PNG);
      // Small, as an upload may be at most 2 MB, and as the upload route keeps them: not readable by others.
      expect(bytes.length).toBeLessThan(20_000);
      expect(statSync(path.join(demo.dataDir, file)).mode & 0o007).toBe(0);
    }
    expect(files.some((f) => f.endsWith('.pdf'))).toBe(true);
    expect(files.some((f) => f.endsWith('.png'))).toBe(true);
    // Every request waiting for review can be reviewed: it has both a certificate and a scan to open.
    for (const r of requests.filter((x) => x.status === 'requested')) {
      expect(r.documents.map((d) => d.file.split('.').pop()).sort()).toEqual(expect.arrayContaining(['pdf', 'png']));
    }
  });

  test('a PDF names its title, its doctor and its request, and says it is a demo', async () => {
    const r = requests.find((x) => x.status === 'requested')!;
    const pdf = r.documents.find((d) => d.file.endsWith('.pdf'))!;
    const res = await get('superadmin', address(pdf.file));
    expect(res.status).toBe(200);
    const text = standardFontText(Buffer.from(await res.arrayBuffer()));
    const doctor = (r as unknown as { _labels: { doctor: string } })._labels.doctor;
    for (const words of [pdf.title, doctor, r.number, 'not a real certificate']) expect(text).toContain(words.replace(/\s/g, ''));
  });

  test('served to the superadmin, with their type; 404 to every other role and without a session', async () => {
    const sample = requests.filter((r) => r.status === 'requested').slice(0, 3).flatMap((r) => r.documents);
    expect(sample.length).toBeGreaterThan(3);
    for (const d of sample) {
      const ok = await get('superadmin', address(d.file));
      expect(ok.status, d.file).toBe(200);
      expect(ok.headers.get('content-type')).toBe(d.file.endsWith('.pdf') ? 'application/pdf' : 'image/png');
      expect([...new Uint8Array(await ok.arrayBuffer()).subarray(0, 4)]).toEqual(d.file.endsWith('.pdf') ? PDF : PNG);
      for (const role of ROLES.filter((x) => x !== 'superadmin')) {
        const refused = await get(role, address(d.file));
        expect(refused.status, `${role} ${d.file}`).toBe(404);
      }
      expect((await demo.app.request(address(d.file))).status).toBe(404);
    }
  });

  test('the requests themselves: the superadmin reads one, the other roles may not', async () => {
    const r = requests[0];
    expect((await get('superadmin', `/api/requestVerification/${r.id}`)).status).toBe(200);
    for (const role of ROLES.filter((x) => x !== 'superadmin')) expect([403, 404], role).toContain((await get(role, `/api/requestVerification/${r.id}`)).status);
  });
});
