import { defineEntity } from '../entity';
import { f } from '../fields';

/**
 * An invoice for a payment: read-only (no add, edit or delete for anyone), printable. Subtotal, tax and total
 * are the server's, computed from the line items when the invoice is written (server/crud/hooks.ts), so they
 * always agree with the lines.
 */
export const invoices = defineEntity({
  name: 'invoices',
  api: 'invoices',
  table: 'invoice',
  fields: {
    number: f.code({ required: true, unique: true, sortable: true, searchable: true, pattern: /^INV-[0-9]{4}-[0-9]{6,8}$/, message: 'Use INV-YYYY-NNNNNN' }),
    patient: f.ref('patients', { required: true }),
    payment: f.ref('payment'),
    items: f.list({
      description: f.text({ required: true, max: 200 }),
      qty: f.int({ required: true, min: 1, max: 1000 }),
      unitPrice: f.money({ required: true }),
      taxRate: f.decimal({ required: true, min: 0, max: 28 }),
    }, { max: 50 }),
    subtotal: f.computed('money'),
    tax: f.computed('money'),
    total: f.computed('money', { sortable: true }),
    issuedAt: f.datetime({ required: true, sortable: true }),
    status: f.enum(['issued', 'paid', 'void'], { required: true, sortable: true }),
  },
  titleFields: ['number'],
  subtitleFields: ['issuedAt'],
  columns: ['number', 'issuedAt', 'patient', 'total', 'status'],
  defaultSort: { field: 'issuedAt', dir: 'desc' },
  nav: { group: 'invoices', order: 10 },
});
