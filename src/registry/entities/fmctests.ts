import { defineEntity } from '../entity';
import { f } from '../fields';
import type { Rule } from './rules';

/**
 * A test done at a centre (fmc/tests). the platform's record model's "test (ref atmmaster, udctest or imagingmaster)" is one of
 * three references, chosen by `kind`: exactly the one of that kind is set (checked on form and server).
 * `number` (FT-YYYY-NNNNNN) names it in lists and search.
 */
const TEST_FIELD = { kiosk: 'kioskTest', lab: 'labTest', imaging: 'imagingTest' } as const;

const oneTestOfItsKind: Rule = (v, ctx) => {
  const kind = v.kind as keyof typeof TEST_FIELD | undefined;
  if (!kind) return;
  for (const [k, field] of Object.entries(TEST_FIELD)) {
    const set = v[field] !== null && v[field] !== undefined;
    if (k === kind && !set) ctx.addIssue({ code: 'custom', message: 'Choose the test', path: [field] });
    if (k !== kind && set) ctx.addIssue({ code: 'custom', message: 'Only the test of the chosen kind', path: [field] });
  }
};

export const fmctests = defineEntity({
  name: 'fmctests',
  path: 'fmc/tests',
  api: 'fmctests',
  table: 'fmc_test',
  fields: {
    number: f.code({ required: true, unique: true, sortable: true, searchable: true, pattern: /^FT-[0-9]{4}-[0-9]{6,8}$/, message: 'Use FT-YYYY-NNNNNN' }),
    fmc: f.ref('fmc', { required: true }),
    patient: f.ref('patients', { required: true }),
    kind: f.enum(['kiosk', 'lab', 'imaging'], { required: true, sortable: true }),
    kioskTest: f.ref('atmmaster'),
    labTest: f.ref('udctest'),
    imagingTest: f.ref('imagingmaster'),
    values: f.longText({ max: 4000 }),
    performedAt: f.datetime({ required: true, sortable: true }),
    status: f.enum(['scheduled', 'completed', 'cancelled'], { required: true, sortable: true }),
  },
  titleFields: ['number'],
  subtitleFields: ['performedAt'],
  columns: ['number', 'performedAt', 'fmc', 'patient', 'kind', 'status'],
  defaultSort: { field: 'performedAt', dir: 'desc' },
  nav: { group: 'fmc', order: 60 },
  scope: 'fmc',
  refine: oneTestOfItsKind,
});
