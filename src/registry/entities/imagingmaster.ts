import { defineEntity } from '../entity';
import { f } from '../fields';

/** An imaging test (Chest X-ray PA view, MRI brain…), its modality, where it is done and the patient's preparation. */
export const imagingmaster = defineEntity({
  name: 'imagingmaster',
  api: 'imagingmaster',
  table: 'imaging_test',
  fields: {
    name: f.text({ required: true, max: 160, sortable: true, searchable: true }),
    type: f.ref('imgtesttype', { required: true }),
    locations: f.refs('imglocation', { filterable: true }),
    price: f.money({ sortable: true }),
    preparation: f.longText({ max: 2000 }),
    status: f.enum(['active', 'inactive'], { required: true, sortable: true }),
  },
  titleFields: ['name'],
  columns: ['name', 'type', 'locations', 'price', 'status'],
  defaultSort: { field: 'name', dir: 'asc' },
  nav: { group: 'imaging', order: 10 },
});
