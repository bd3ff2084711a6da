import { defineEntity } from '../entity';
import { f } from '../fields';

/** A question and its rich-text answer. `category` is an enum so the apps can group and the list can filter. */
export const faq = defineEntity({
  name: 'faq',
  api: 'faq',
  table: 'faq',
  fields: {
    question: f.text({ required: true, max: 300, sortable: true, searchable: true }),
    answer: f.richText({ required: true }),
    category: f.enum(['general', 'appointments', 'payments', 'account', 'technical'], { required: true, sortable: true }),
    sortOrder: f.int({ max: 10_000, sortable: true, defaultValue: 0 }),
    published: f.bool({ sortable: true }),
  },
  titleFields: ['question'],
  subtitleFields: ['category'],
  columns: ['question', 'category', 'sortOrder', 'published'],
  defaultSort: { field: 'sortOrder', dir: 'asc' },
  nav: { group: 'content', order: 30 },
});
