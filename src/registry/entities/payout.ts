import { defineEntity } from '../entity';
import { f } from '../fields';

/**
 * A doctor's payout for a month (spec route payment/doctor/list): gross earnings, the platform's commission
 * and the net paid. `net` is the server's (gross − commission). Due → paid is a transition that records when
 * and the bank reference.
 */
export const payout = defineEntity({
  name: 'payout',
  path: 'payment/doctor/list',
  api: 'payout',
  table: 'doctor_payout',
  fields: {
    doctor: f.ref('doctor', { required: true }),
    period: f.code({ required: true, sortable: true, pattern: /^20[0-9]{2}-(0[1-9]|1[0-2])$/, message: 'Use YYYY-MM' }),
    gross: f.money({ required: true, sortable: true }),
    commission: f.money({ required: true }),
    net: f.computed('money', { sortable: true }),
    status: f.enum(['due', 'paid'], { required: true }),
    paidAt: f.datetime({ sortable: true }),
    reference: f.code({ max: 40, searchable: true }),
  },
  titleFields: ['period'],
  subtitleFields: ['reference'],
  columns: ['period', 'doctor', 'gross', 'commission', 'net', 'status', 'paidAt', 'reference'],
  defaultSort: { field: 'period', dir: 'desc' },
  nav: { group: 'payments', order: 90 },
  workflow: {
    field: 'status',
    initial: 'due',
    transitions: [{ name: 'pay', from: ['due'], to: 'paid', input: ['reference'], sets: { paidAt: '$now' }, key: 'p' }],
  },
});
