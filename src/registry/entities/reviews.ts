import { defineEntity } from '../entity';
import { f } from '../fields';

/** A patient's rating of a doctor after an appointment; staff publish or hide it (from the list: the policy has no details route). */
export const reviews = defineEntity({
  name: 'reviews',
  api: 'reviews',
  table: 'review',
  fields: {
    patient: f.ref('patients', { required: true }),
    doctor: f.ref('doctor', { required: true }),
    appointment: f.ref('appointments'),
    rating: f.int({ required: true, min: 1, max: 5, sortable: true, filterable: true }),
    comment: f.longText({ max: 2000, searchable: true }),
    status: f.enum(['published', 'hidden'], { required: true }),
  },
  titleFields: ['comment'],
  subtitleFields: ['rating'],
  columns: ['patient', 'doctor', 'rating', 'comment', 'status'],
  defaultSort: { field: 'createdAt', dir: 'desc' },
  nav: { group: 'reviews', order: 10 },
  workflow: {
    field: 'status',
    initial: 'published',
    transitions: [
      { name: 'hide', from: ['published'], to: 'hidden', key: 'h' },
      { name: 'publish', from: ['hidden'], to: 'published', key: 'p' },
    ],
  },
});
