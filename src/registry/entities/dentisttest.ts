import { defineEntity } from '../entity';
import { f } from '../fields';

/**
 * A dental examination (railway staff health checks). `examiner` is a name, not a doctor reference:
 * examinations are done at camps by dental surgeons who need not be on the platform. `caries` is the
 * number of decayed teeth (0–32); gum condition and oral hygiene are graded enums.
 */
export const dentisttest = defineEntity({
  name: 'dentisttest',
  api: 'dentisttest',
  table: 'dental_exam',
  fields: {
    patient: f.ref('patients', { required: true }),
    examinedOn: f.date({ required: true, sortable: true }),
    examiner: f.text({ required: true, max: 120, sortable: true, searchable: true }),
    caries: f.int({ max: 32 }),
    gumCondition: f.enum(['healthy', 'gingivitis', 'periodontitis']),
    oralHygiene: f.enum(['good', 'fair', 'poor']),
    fitness: f.enum(['fit', 'unfit', 'refer'], { required: true, sortable: true }),
    remarks: f.longText({ max: 2000, searchable: true }),
  },
  titleFields: ['examinedOn', 'examiner'],
  subtitleFields: ['fitness'],
  columns: ['examinedOn', 'patient', 'examiner', 'caries', 'fitness'],
  defaultSort: { field: 'examinedOn', dir: 'desc' },
  nav: { group: 'tests', order: 20 },
});
