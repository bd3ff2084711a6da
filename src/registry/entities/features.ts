import { defineEntity } from '../entity';
import { f } from '../fields';

/** A product feature shown in the patient and doctor apps, in `sortOrder`; only published ones are shown. */
export const features = defineEntity({
  name: 'features',
  api: 'features',
  table: 'feature',
  fields: {
    title: f.text({ required: true, max: 120, sortable: true, searchable: true }),
    description: f.longText({ max: 1000, searchable: true }),
    icon: f.image(),
    sortOrder: f.int({ max: 10_000, sortable: true, defaultValue: 0 }),
    published: f.bool({ sortable: true }),
  },
  titleFields: ['title'],
  subtitleFields: ['description'],
  columns: ['title', 'sortOrder', 'published'],
  defaultSort: { field: 'sortOrder', dir: 'asc' },
  nav: { group: 'master', order: 100 },
});
