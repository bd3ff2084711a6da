import { defineEntity } from '../entity';
import { f } from '../fields';

/** A sub-speciality (Interventional cardiology under Cardiology). Doctors pick them beside their specialities. */
export const specialitys = defineEntity({
  name: 'specialitys',
  api: 'specialitys',
  table: 'sub_speciality',
  fields: {
    name: f.text({ required: true, max: 120, sortable: true, searchable: true }),
    speciality: f.ref('speciality', { required: true }),
    description: f.longText({ max: 2000, searchable: true }),
    status: f.enum(['active', 'inactive'], { required: true, sortable: true }),
  },
  titleFields: ['name'],
  subtitleFields: ['description'],
  columns: ['name', 'speciality', 'status'],
  defaultSort: { field: 'name', dir: 'asc' },
  nav: { group: 'master', order: 15 },
});
