import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Hono } from 'hono';
import PDFDocument from 'pdfkit';
import { amountInWords } from '../../registry/amount-in-words';
import { canReadRecord, getEntity, gstinState, holdsPatientData, invoiceFigures, ROLES, type InvoiceLine } from '../../registry';
import type { Seller } from '../config';
import { forbidden, recordIdParam, type AppEnv } from '../http';
import { describeCalls } from '../http/call-docs';
import { audit } from '../audit/audit';
import { getRecord } from '../crud/write';

/**
 * DejaVu Sans, embedded (pdfkit keeps the glyphs used): the standard PDF fonts have no ₹ and no letter outside
 * Windows-1252, which patients' names and addresses may hold. Read once, on the first invoice.
 */
let fonts: { regular: Buffer; bold: Buffer } | undefined;
function fontFiles() {
  if (!fonts) {
    const resolve = createRequire(import.meta.url).resolve;
    fonts = { regular: readFileSync(resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')), bold: readFileSync(resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')) };
  }
  return fonts;
}

const inr = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const figure = (n: unknown) => inr.format(Number(n ?? 0));
const rupees = (n: unknown) => `₹${figure(n)}`;
const day = (v: unknown) => (v ? new Date(String(v)).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' }) : '-');
const rate = (n: number) => `${Number(n.toFixed(2))}%`;
const GREY = '#555555';
const INK = '#111111';

/**
 * The invoice as an Indian tax invoice on A4 (CGST Rules, rule 46), like the console's print view: the seller's name,
 * address, GSTIN and state code; number and date; the patient as recipient and the place of supply; each line with its
 * SAC, quantity, unit price, taxable value and tax (CGST and SGST at half the rate each, or IGST); the totals in figures
 * and in words; a place for the seller's signature. A void invoice is crossed by a large "VOID" with the reason.
 * An invoice written before the seller was kept on it names the configured seller.
 */
export function renderInvoice(rec: Record<string, unknown>, configured: Seller): Promise<Buffer> {
  const labels = (rec._labels ?? {}) as Record<string, string | null>;
  const seller = { name: String(rec.sellerName ?? configured.name), address: String(rec.sellerAddress ?? configured.address), gstin: String(rec.sellerGstin ?? configured.gstin) };
  const interState = Boolean(rec.interState);
  const lines = (rec.items as InvoiceLine[] | null) ?? [];
  const sums = invoiceFigures(lines, interState);
  const doc = new PDFDocument({ size: 'A4', margin: 40, bufferPages: true, info: { Title: `Invoice ${String(rec.number)}`, Author: seller.name } });
  const { regular, bold } = fontFiles();
  doc.registerFont('body', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 40;
  const right = doc.page.width - 40;
  const text = (s: string, x: number, y: number, o: PDFKit.Mixins.TextOptions & { font?: string; size?: number; color?: string } = {}) => {
    doc.font(o.font ?? 'body').fontSize(o.size ?? 9).fillColor(o.color ?? INK).text(s, x, y, o);
    return doc.y;
  };

  // Seller on the left, the document's title, number, date and status on the right.
  let y = text(seller.name, left, 40, { font: 'bold', size: 13, width: 300 });
  y = text(seller.address, left, y + 2, { width: 300, color: GREY });
  y = text(`GSTIN ${seller.gstin} · State code ${gstinState(seller.gstin)}`, left, y + 2, { width: 300 });
  text('TAX INVOICE', 360, 40, { font: 'bold', size: 17, width: right - 360, align: 'right' });
  const meta: [string, string][] = [['Invoice no.', String(rec.number)], ['Date', day(rec.issuedAt)], ['Status', String(rec.status ?? '').replace(/^./, (c) => c.toUpperCase())]];
  if (rec.payment) meta.push(['Payment', labels.payment ?? `#${String(rec.payment)}`]);
  meta.forEach(([k, v], i) => {
    text(k, 360, 66 + i * 13, { width: 70, color: GREY });
    text(v, 430, 66 + i * 13, { width: right - 430, align: 'right', font: k === 'Invoice no.' ? 'bold' : 'body' });
  });
  y = Math.max(y, 66 + meta.length * 13) + 10;
  doc.moveTo(left, y).lineTo(right, y).lineWidth(1.2).strokeColor(INK).stroke();

  // The recipient (a patient, not GST-registered) and where the supply is made.
  y += 8;
  text('BILLED TO', left, y, { font: 'bold', size: 7.5, color: GREY });
  text('PLACE OF SUPPLY', 330, y, { font: 'bold', size: 7.5, color: GREY });
  const billed = text(String(rec.billedTo ?? labels.patient ?? `#${String(rec.patient)}`), left, y + 11, { width: 270 });
  text(String(rec.placeOfSupply ?? '-'), 330, y + 11, { width: right - 330 });
  const supply = text(interState ? 'Inter-state supply: IGST' : 'Within the state: CGST + SGST', 330, doc.y + 2, { width: right - 330, color: GREY });
  y = Math.max(billed, supply) + 12;

  // The lines: CGST and SGST columns within the state, one IGST column across.
  const taxCols = interState ? [{ title: 'IGST', key: 'igst' as const, share: 1 }] : [{ title: 'CGST', key: 'cgst' as const, share: 0.5 }, { title: 'SGST', key: 'sgst' as const, share: 0.5 }];
  const widths = interState ? [172, 36, 26, 62, 70, 76, 73] : [140, 36, 26, 62, 66, 58, 58, 69];
  const titles = ['Description', 'SAC', 'Qty', 'Unit price', 'Taxable value', ...taxCols.map((c) => c.title), 'Amount'];
  const xs = widths.map((_, i) => left + widths.slice(0, i).reduce((s, w) => s + w, 0));
  const header = () => {
    titles.forEach((t, i) => text(t.toUpperCase(), xs[i], y, { font: 'bold', size: 7.5, width: widths[i] - 4, align: i < 2 ? 'left' : 'right' }));
    y += 20;
    doc.moveTo(left, y - 4).lineTo(right, y - 4).lineWidth(1).strokeColor(INK).stroke();
  };
  header();
  lines.forEach((line, n) => {
    const f = sums.lines[n];
    const cells = [line.description, line.sac ?? '', String(line.qty), figure(line.unitPrice), figure(f.taxable),
      ...taxCols.map((c) => `${figure(f[c.key])}\n${rate(line.taxRate * c.share)}`), figure(f.amount)];
    doc.font('body').fontSize(9);
    const h = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: widths[i] - 4 }))) + 8;
    if (y + h > doc.page.height - 200) { doc.addPage(); y = 40; header(); }
    cells.forEach((c, i) => text(c, xs[i], y, { width: widths[i] - 4, align: i < 2 ? 'left' : 'right' }));
    y += h;
    doc.moveTo(left, y - 4).lineTo(right, y - 4).lineWidth(0.5).strokeColor('#cccccc').stroke();
  });

  // Totals in figures, then in words.
  y += 6;
  const total = (label: string, value: number, strong = false) => {
    text(label, 300, y, { width: 140, align: 'right', font: strong ? 'bold' : 'body', size: strong ? 11 : 9 });
    text(rupees(value), 445, y, { width: right - 445, align: 'right', font: strong ? 'bold' : 'body', size: strong ? 11 : 9 });
    y += strong ? 18 : 14;
  };
  total('Taxable value', sums.subtotal);
  if (interState) total('IGST', sums.igst);
  else { total('CGST', sums.cgst); total('SGST', sums.sgst); }
  doc.moveTo(300, y - 2).lineTo(right, y - 2).lineWidth(1.2).strokeColor(INK).stroke();
  y += 4;
  total('Total', sums.total, true);
  y = text(`Amount in words: ${amountInWords(sums.total)}`, left, y + 6, { width: right - left });
  text('Tax payable on reverse charge: No. Amounts in Indian rupees (₹).', left, y + 4, { width: right - left, size: 7.5, color: GREY });

  // The seller signs the printed copy.
  const sign = Math.max(doc.y + 30, doc.page.height - 140);
  text(`For ${seller.name}`, 330, sign, { width: right - 330, align: 'right' });
  text('Authorised signatory', 330, sign + 40, { width: right - 330, align: 'right', color: GREY });

  if (rec.status === 'void') {
    // Across every page, light enough to read the invoice through: no one can take it for a bill to pay or a receipt.
    const why = `VOID${rec.voidedAt ? `, voided on ${day(rec.voidedAt)}` : ''}${rec.voidReason ? `. Reason: ${String(rec.voidReason)}` : ''}`;
    const pages = doc.bufferedPageRange();
    for (let p = pages.start; p < pages.start + pages.count; p++) {
      doc.switchToPage(p);
      doc.save().rotate(-30, { origin: [doc.page.width / 2, doc.page.height / 2] });
      doc.font('bold').fontSize(150).fillColor('#c62828').fillOpacity(0.2)
        .text('VOID', 0, doc.page.height / 2 - 90, { width: doc.page.width, align: 'center', lineBreak: false });
      doc.restore();
      doc.fillOpacity(1);
      text(why, left, doc.page.height - 70, { font: 'bold', size: 11, color: '#c62828', width: right - left, lineBreak: true });
    }
  }
  doc.end();
  return done;
}

/**
 * GET /api/invoices/:id/pdf: the invoice as a PDF file to download, for whoever may read the invoice
 * (canReadRecord, the same as GET /api/invoices/:id); 404 for one that does not exist. Built on the server with
 * pdfkit, so the browser bundle carries no PDF code.
 */
export function invoicePdfRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const def = getEntity('invoices');
  describeCalls({
    [`GET /api/${def.api}/{id}/pdf`]: {
      summary: 'An invoice as a PDF tax invoice (as a download)', roles: ROLES.filter((r) => canReadRecord(r, def.name)), ok: { status: 200, type: 'application/pdf' }, refuses: [404],
    },
  });
  app.get(`/${def.api}/:id/pdf`, async (c) => {
    const user = c.get('user');
    if (!canReadRecord(user.role, def.name)) throw forbidden();
    const id = recordIdParam(c);
    const rec = await getRecord(c.get('db'), def, id, user);
    if (holdsPatientData(def)) await audit(c.get('db'), user, def, id, 'read_pdf', null, rec);
    const pdf = await renderInvoice(rec, c.get('config').seller);
    // The number is the entity's pattern (INV-YYYY-NNNNNN): safe in a header as it is.
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${String(rec.number).replace(/[^A-Za-z0-9-]/g, '')}.pdf"`,
      'Content-Length': String(pdf.length),
    });
  });
  return app;
}
