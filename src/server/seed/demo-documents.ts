import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';

/**
 * The demo's verification documents as real files in the content store (DATA_DIR/content/uploads/demo/…), where the
 * upload route keeps uploads, so that a reviewer opening one in the console sees a document: certificates as small
 * PDFs naming the doctor (pdfkit, its standard Helvetica, nothing embedded), scans of cards and degrees as PNGs
 * (written here with zlib: one picture per kind of document, made once a seed). Every one says it is a demo.
 */

/** The documents the demo keeps as scans (PNG); the others are certificates (PDF). */
const SCANNED = new Set(['MBBS degree certificate', 'Aadhaar card', 'PAN card']);

export const demoDocumentExt = (title: string) => (SCANNED.has(title) ? 'png' : 'pdf');

export interface DemoDocument { title: string; file: string; doctor: string; request: string }

/** Writes each document where its `file` (a content path, `content/…`) points, under `dataDir`; returns how many. */
export async function writeDemoDocuments(dataDir: string, docs: DemoDocument[]): Promise<number> {
  const pictures = new Map<string, Buffer>();
  const dirs = new Set(docs.map((d) => path.dirname(path.join(dataDir, d.file))));
  for (const dir of dirs) await mkdir(dir, { recursive: true });
  for (const d of docs) {
    let body: Buffer;
    if (d.file.endsWith('.png')) {
      if (!pictures.has(d.title)) pictures.set(d.title, scan(d.title));
      body = pictures.get(d.title)!;
    } else {
      body = await certificate(d);
    }
    // As the upload route writes them: readable by the console's user and group only.
    await writeFile(path.join(dataDir, d.file), body, { mode: 0o640 });
  }
  return docs.length;
}

/** A one-page certificate naming the doctor and the request. */
function certificate(d: DemoDocument): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A5', layout: 'landscape', margin: 40, info: { Title: `${d.title} (demo)`, Author: 'Health Console demo data' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { width, height } = doc.page;
  doc.lineWidth(3).strokeColor('#1f5f8b').rect(20, 20, width - 40, height - 40).stroke();
  doc.lineWidth(1).rect(28, 28, width - 56, height - 56).stroke();
  doc.fillColor('#1f5f8b').font('Helvetica-Bold').fontSize(24).text(d.title, 40, 70, { align: 'center', width: width - 80 });
  doc.fillColor('#222').font('Helvetica').fontSize(13).moveDown(1.2)
    .text('This is to certify that', { align: 'center', width: width - 80 })
    .moveDown(0.4).font('Helvetica-Bold').fontSize(18).text(d.doctor, { align: 'center', width: width - 80 })
    .moveDown(0.4).font('Helvetica').fontSize(13).text('holds the document named above, submitted with verification request', { align: 'center', width: width - 80 })
    .font('Helvetica-Bold').text(d.request, { align: 'center', width: width - 80 });
  doc.fillColor('#b00020').font('Helvetica-Oblique').fontSize(10)
    .text('Demo document generated with the demo data: not a real certificate.', 40, height - 70, { align: 'center', width: width - 80 });
  doc.end();
  return done;
}

/** A picture of a scanned card or degree: a paper, a coloured band, a photo and lines of "text", by kind. */
function scan(title: string): Buffer {
  const w = 360;
  const h = 228;
  const band = title === 'PAN card' ? [40, 90, 160] : title === 'Aadhaar card' ? [230, 120, 30] : [120, 40, 60];
  const px = Buffer.alloc(w * h * 3);
  const fill = (x0: number, y0: number, x1: number, y1: number, c: number[]) => {
    for (let y = Math.max(0, y0); y < Math.min(h, y1); y++) for (let x = Math.max(0, x0); x < Math.min(w, x1); x++) px.set(c, (y * w + x) * 3);
  };
  fill(0, 0, w, h, [200, 200, 196]); // the scanner's lid
  fill(10, 10, w - 10, h - 10, [252, 250, 240]); // the paper
  fill(10, 10, w - 10, 46, band);
  fill(24, 62, 104, 162, [190, 200, 214]); // the photo
  fill(44, 78, 84, 118, [150, 160, 178]);
  fill(34, 122, 94, 162, [150, 160, 178]);
  for (let i = 0; i < 6; i++) fill(120, 66 + i * 16, 120 + [200, 150, 180, 120, 170, 90][i], 72 + i * 16, [70, 70, 80]);
  fill(24, 180, w - 24, 186, band);
  fill(24, 196, 180, 202, [110, 110, 120]);
  return png(w, h, px);
}

/** An RGB image as a PNG file: signature, IHDR, one IDAT of the rows (each with filter 0), IEND. */
export function png(width: number, height: number, rgb: Buffer): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) rgb.copy(raw, y * (width * 3 + 1) + 1, y * width * 3, (y + 1) * width * 3);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, no filter method beyond 0, not interlaced
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

