import { Hono } from 'hono';
import PDFDocument from 'pdfkit';
import { canReadRecord, getEntity, holdsPatientData } from '../../registry';
import { fail, recordIdParam, type AppEnv } from '../http';
import { audit } from '../crud/audit';
import { getRecord } from '../crud/write';

interface Line { description: string; qty: number; unitPrice: number; taxRate: number }

const inr = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** INR with two decimals. The PDF's standard fonts have no ₹ glyph, so the currency is written as its code. */
const money = (n: unknown) => `INR ${inr.format(Number(n ?? 0))}`;
const day = (v: unknown) => (v ? new Date(String(v)).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' }) : '-');

/**
 * The standard PDF fonts (Helvetica) draw Windows-1252 only: any other character would come out as a wrong glyph,
 * so it is replaced by "?" rather than printed as something it is not. (An embedded Unicode font would print every
 * script, at the cost of a font file in the repository.)
 */
const CP1252_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const printable = (s: unknown) => [...String(s ?? '')].map((ch) => (ch.charCodeAt(0) <= 0xff || CP1252_EXTRA.includes(ch) ? ch : '?')).join('');

/** A line's amount and tax, rounded as the server rounds them when it sums the invoice (crud/hooks.ts, invoices). */
function lineFigures(l: Line) {
  const amount = Math.round(l.qty * l.unitPrice * 100);
  return { amount: amount / 100, tax: Math.round(amount * (l.taxRate / 100)) / 100 };
}

/** The invoice laid out on A4 like the console's print view: header, patient, line items, subtotal, tax and total. */
function renderInvoice(rec: Record<string, unknown>): Promise<Buffer> {
  const labels = (rec._labels ?? {}) as Record<string, string | null>;
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Invoice ${String(rec.number)}`, Author: 'Health Console' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 50;
  const right = doc.page.width - 50;
  // Columns: description, qty, unit price, tax, amount (the numbers right-aligned in their columns).
  const cols = [
    { title: 'Description', x: left, w: 205, align: 'left' as const },
    { title: 'Qty', x: 255, w: 40, align: 'right' as const },
    { title: 'Unit price', x: 300, w: 80, align: 'right' as const },
    { title: 'Tax', x: 385, w: 75, align: 'right' as const },
    { title: 'Amount', x: 465, w: right - 465, align: 'right' as const },
  ];

  doc.font('Helvetica-Bold').fontSize(20).text('TAX INVOICE', left, 50);
  doc.font('Courier-Bold').fontSize(12).text(printable(rec.number), left, 76);
  const meta: [string, string][] = [['Issued', day(rec.issuedAt)], ['Status', printable(String(rec.status ?? '').replace(/^./, (c) => c.toUpperCase()))]];
  if (rec.payment) meta.push(['Payment', printable(labels.payment ?? `#${String(rec.payment)}`)]);
  meta.forEach(([k, v], i) => {
    doc.font('Helvetica').fontSize(10).fillColor('#555555').text(k, 330, 52 + i * 15, { width: 80 });
    doc.fillColor('#111111').text(v, 410, 52 + i * 15, { width: right - 410, align: 'right' });
  });
  let y = Math.max(100, 52 + meta.length * 15 + 6);
  doc.moveTo(left, y).lineTo(right, y).lineWidth(1.5).strokeColor('#111111').stroke();
  y += 14;
  doc.font('Helvetica-Bold').fontSize(8).fillColor('#555555').text('BILLED TO', left, y);
  doc.font('Helvetica').fontSize(12).fillColor('#111111').text(printable(labels.patient ?? `#${String(rec.patient)}`), left, y + 11);
  y += 42;

  const header = () => {
    doc.font('Helvetica-Bold').fontSize(9).fillColor('#111111');
    for (const c of cols) doc.text(c.title.toUpperCase(), c.x, y, { width: c.w, align: c.align });
    y += 14;
    doc.moveTo(left, y).lineTo(right, y).lineWidth(1.2).stroke();
    y += 6;
  };
  header();
  doc.font('Helvetica').fontSize(10);
  for (const line of (rec.items as Line[] | null) ?? []) {
    const fig = lineFigures(line);
    const desc = printable(line.description);
    const h = Math.max(doc.heightOfString(desc, { width: cols[0].w }), 12) + 8;
    if (y + h > doc.page.height - 150) { doc.addPage(); y = 50; header(); doc.font('Helvetica').fontSize(10); }
    const cells = [desc, String(line.qty), inr.format(line.unitPrice), `${inr.format(fig.tax)} (${line.taxRate}%)`, inr.format(fig.amount)];
    cells.forEach((text, i) => doc.text(text, cols[i].x, y, { width: cols[i].w, align: cols[i].align }));
    y += h;
    doc.moveTo(left, y - 4).lineTo(right, y - 4).lineWidth(0.5).strokeColor('#cccccc').stroke().strokeColor('#111111');
  }

  y += 8;
  const total = (label: string, value: unknown, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 12 : 10);
    doc.text(label, 330, y, { width: 120, align: 'right' });
    doc.text(money(value), 455, y, { width: right - 455, align: 'right' });
    y += bold ? 20 : 15;
  };
  total('Subtotal', rec.subtotal);
  total('Tax', rec.tax);
  doc.moveTo(330, y - 2).lineTo(right, y - 2).lineWidth(1.5).stroke();
  y += 4;
  total('Total', rec.total, true);
  doc.font('Helvetica').fontSize(8).fillColor('#777777').text('Amounts in Indian rupees (INR).', left, y + 16);
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
  app.get(`/${def.api}/:id/pdf`, async (c) => {
    const user = c.get('user');
    if (!canReadRecord(user.role, def.name)) throw fail(403, 'You do not have permission to do this', { code: 'forbidden' });
    const id = recordIdParam(c);
    const rec = await getRecord(c.get('db'), def, id, user);
    if (holdsPatientData(def)) await audit(c.get('db'), user, def, id, 'read_pdf', null, rec);
    const pdf = await renderInvoice(rec);
    // The number is the entity's pattern (INV-YYYY-NNNNNN): safe in a header as it is.
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${String(rec.number).replace(/[^A-Za-z0-9-]/g, '')}.pdf"`,
      'Content-Length': String(pdf.length),
    });
  });
  return app;
}
