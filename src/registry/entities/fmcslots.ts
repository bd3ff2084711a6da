import { defineEntity } from '../entity';
import { f } from '../fields';
import { ordered } from './rules';

/**
 * A bookable slot at a centre. `booked` is the server's: 0 on create, then changed only by
 * POST/DELETE /api/fmcslots/:id/book (server/routes/slots.ts), in one conditional update that never
 * exceeds `capacity`.
 */
export const fmcslots = defineEntity({
  name: 'fmcslots',
  path: 'fmc/slots',
  api: 'fmcslots',
  table: 'fmc_slot',
  fields: {
    fmc: f.ref('fmc', { required: true }),
    doctor: f.ref('doctor'),
    // Filterable as a range (`filter[date]=from..to`): the slot calendar reads a week of a centre's slots.
    date: f.date({ required: true, sortable: true, filterable: true }),
    startTime: f.time({ required: true, sortable: true }),
    endTime: f.time({ required: true }),
    capacity: f.int({ required: true, min: 1, max: 500, sortable: true, defaultValue: 10 }),
    booked: f.computed('int', { sortable: true }),
    status: f.enum(['open', 'closed'], { required: true, sortable: true }),
  },
  titleFields: ['date', 'startTime'],
  subtitleFields: ['endTime'],
  columns: ['date', 'startTime', 'endTime', 'fmc', 'doctor', 'capacity', 'booked', 'status'],
  defaultSort: { field: 'date', dir: 'desc' },
  nav: { group: 'fmc', order: 20 },
  scope: 'fmc',
  refine: ordered('startTime', 'endTime', 'The slot must end after it starts', true),
});
