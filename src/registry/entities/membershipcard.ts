import { defineEntity } from '../entity';
import { f } from '../fields';
import { ordered } from './rules';

/** A patient's membership card: MC and 10 digits, unique; valid over a date range. */
export const membershipcard = defineEntity({
  name: 'membershipcard',
  api: 'membershipcard',
  table: 'membership_card',
  fields: {
    cardNumber: f.code({ required: true, unique: true, sortable: true, searchable: true, pattern: /^MC[0-9]{10}$/, message: 'Enter MC followed by 10 digits' }),
    patient: f.ref('patients', { required: true }),
    plan: f.enum(['basic', 'silver', 'gold'], { required: true, sortable: true }),
    validFrom: f.date({ required: true, sortable: true }),
    validTo: f.date({ required: true, sortable: true }),
    status: f.enum(['active', 'expired', 'cancelled'], { required: true, sortable: true }),
  },
  titleFields: ['cardNumber'],
  subtitleFields: ['plan', 'validTo'],
  columns: ['cardNumber', 'patient', 'plan', 'validFrom', 'validTo', 'status'],
  defaultSort: { field: 'validTo', dir: 'desc' },
  nav: { group: 'membership', order: 10 },
  refine: ordered('validFrom', 'validTo', 'The end date cannot be before the start date'),
});
