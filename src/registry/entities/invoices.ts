import { defineEntity } from '../entity';
import { f } from '../fields';
import { GSTIN_PATTERN, SAC_PATTERN } from '../gst';

/**
 * A tax invoice (CGST Rules, rule 46) for a completed payment: read-only (no add, edit or delete for anyone),
 * printable, issued by the server in the transaction that completes its payment (server/money/issue-invoice.ts), at
 * most one per payment. It keeps what it was issued with, as a tax document must, whatever changes later: the
 * seller's name, address and GSTIN (configuration), the patient's name and address (`billedTo`), the place of supply
 * and whether it lies in another state than the seller's (`interState`: IGST, else CGST + SGST), and the lines with
 * their SAC. Subtotal (the taxable value), the tax heads, tax and total are the server's, computed from the lines when
 * the invoice is written (server/crud/hooks.ts, registry/gst.ts), so they always agree with the lines.
 *
 * Its status follows the payment: an invoice is issued when the payment completes, so it is born `paid`. `issued`
 * (raised, not yet paid) is kept for invoices written so, though the console raises none. A superadmin voids one with
 * a reason (a wrong patient, a duplicate bill); a void invoice keeps its number and prints "VOID".
 */
export const invoices = defineEntity({
  name: 'invoices',
  api: 'invoices',
  table: 'invoice',
  fields: {
    number: f.code({ required: true, unique: true, sortable: true, searchable: true, pattern: /^INV-[0-9]{4}-[0-9]{6,8}$/, message: 'Use INV-YYYY-NNNNNN' }),
    patient: f.ref('patients', { required: true }),
    payment: f.ref('payment', { unique: true }),
    items: f.list({
      description: f.text({ required: true, max: 200 }),
      sac: f.code({ required: true, pattern: SAC_PATTERN, message: 'Use the SAC: 99 and 2 to 4 digits' }),
      qty: f.int({ required: true, min: 1, max: 1000 }),
      unitPrice: f.money({ required: true }),
      taxRate: f.decimal({ required: true, min: 0, max: 28 }),
    }, { max: 50 }),
    subtotal: f.computed('money'),
    cgst: f.computed('money'),
    sgst: f.computed('money'),
    igst: f.computed('money'),
    tax: f.computed('money'),
    total: f.computed('money', { sortable: true }),
    issuedAt: f.datetime({ required: true, sortable: true, filterable: true }),
    status: f.enum(['issued', 'paid', 'void'], { required: true, sortable: true }),
    sellerName: f.text({ max: 200 }),
    sellerAddress: f.longText({ max: 500 }),
    sellerGstin: f.code({ pattern: GSTIN_PATTERN, message: 'Enter the 15 characters of the GSTIN' }),
    billedTo: f.longText({ max: 800 }),
    placeOfSupply: f.text({ max: 120 }),
    interState: f.bool(),
    voidReason: f.text({ max: 300 }),
    voidedAt: f.datetime(),
  },
  titleFields: ['number'],
  subtitleFields: ['issuedAt'],
  columns: ['number', 'issuedAt', 'patient', 'total', 'status'],
  defaultSort: { field: 'issuedAt', dir: 'desc' },
  nav: { group: 'invoices', order: 10 },
  workflow: {
    field: 'status',
    initial: 'paid',
    transitions: [
      { name: 'void', from: ['issued', 'paid'], to: 'void', reason: true, sets: { voidReason: '$reason', voidedAt: '$now' }, action: 'void', key: 'v', irreversible: 'voidsInvoice', stepUp: true },
    ],
  },
});
