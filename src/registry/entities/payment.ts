import { defineEntity } from '../entity';
import { f } from '../fields';

/**
 * A patient's payment for an appointment. Read and moved by staff, never typed in (no add or edit in the
 * policy). `initiatedAt` is added to the platform's record model's fields: when the patient started paying, which dates a
 * pending payment (it has no `paidAt` yet) and defines the "recent" view (the last 7 days, any status).
 * `number` (PAY-YYYY-NNNNNN) is what staff quote and search.
 */
export const payment = defineEntity({
  name: 'payment',
  api: 'payment',
  table: 'payment',
  fields: {
    number: f.code({ required: true, unique: true, sortable: true, searchable: true, pattern: /^PAY-[0-9]{4}-[0-9]{6,8}$/, message: 'Use PAY-YYYY-NNNNNN' }),
    appointment: f.ref('appointments', { required: true }),
    patient: f.ref('patients', { required: true }),
    doctor: f.ref('doctor', { required: true }),
    amount: f.money({ required: true, sortable: true }),
    method: f.enum(['upi', 'card', 'netbanking', 'wallet', 'cash'], { required: true }),
    gatewayRef: f.code({ max: 40, searchable: true }),
    status: f.enum(['pending', 'completed', 'rejected', 'cancelled'], { required: true }),
    initiatedAt: f.datetime({ required: true, sortable: true, filterable: true }),
    paidAt: f.datetime({ sortable: true }),
  },
  titleFields: ['number'],
  subtitleFields: ['amount', 'method'],
  columns: ['number', 'initiatedAt', 'patient', 'doctor', 'amount', 'method', 'status', 'paidAt'],
  defaultSort: { field: 'initiatedAt', dir: 'desc' },
  nav: { group: 'payments', order: 10 },
  // "Filter payments…" lands on a status view with a method: (status, method, initiatedAt) reads exactly that page
  // and counts it without visiting the other methods' rows (2,000,000 payments: npm run bench).
  indexes: [['status', 'initiatedAt'], ['status', 'method', 'initiatedAt'], ['method', 'initiatedAt'], ['doctor', 'initiatedAt'], ['patient', 'initiatedAt']],
  workflow: {
    field: 'status',
    initial: 'pending',
    transitions: [
      // Completing issues the payment's tax invoice (server hooks): asked first, never undone.
      { name: 'complete', from: ['pending'], to: 'completed', sets: { paidAt: '$now' }, key: 'c', irreversible: 'issuesInvoice', refNotIn: { ref: 'appointment', statuses: ['cancelled'] } },
      { name: 'reject', from: ['pending'], to: 'rejected', key: 'r' },
      { name: 'cancel', from: ['pending'], to: 'cancelled', key: 'x' },
    ],
  },
  views: [
    { segment: 'recent', recent: { field: 'initiatedAt', days: 7 } },
    ...(['completed', 'pending', 'rejected', 'cancelled'] as const).map((s) => ({ segment: s, filters: { status: s } })),
  ],
});
