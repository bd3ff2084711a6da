import { defineEntity } from '../entity';
import { f } from '../fields';

const SNELLEN = /^6\/(5|6|9|12|18|24|36|60)$/;
const NEAR = /^N(5|6|8|10|12|18|24|36)$/;

/**
 * An eye examination (railway staff health checks). Distance acuity is Snellen in metres (6/6 … 6/60),
 * near vision is the N scale (N5 … N36), intraocular pressure is in mmHg. `examiner` is a name (see dentisttest).
 */
export const opthlmotest = defineEntity({
  name: 'opthlmotest',
  api: 'opthlmotest',
  table: 'eye_exam',
  fields: {
    patient: f.ref('patients', { required: true }),
    examinedOn: f.date({ required: true, sortable: true }),
    examiner: f.text({ required: true, max: 120, sortable: true, searchable: true }),
    visualAcuityLeft: f.code({ pattern: SNELLEN, message: 'Use Snellen notation, 6/6 to 6/60' }),
    visualAcuityRight: f.code({ pattern: SNELLEN, message: 'Use Snellen notation, 6/6 to 6/60' }),
    nearVision: f.code({ pattern: NEAR, message: 'Use the N scale, N5 to N36' }),
    colourVision: f.enum(['normal', 'defective']),
    iopLeft: f.decimal({ min: 1, max: 80 }),
    iopRight: f.decimal({ min: 1, max: 80 }),
    fitness: f.enum(['fit', 'unfit', 'refer'], { required: true, sortable: true }),
    remarks: f.longText({ max: 2000, searchable: true }),
  },
  titleFields: ['examinedOn', 'examiner'],
  subtitleFields: ['fitness'],
  columns: ['examinedOn', 'patient', 'examiner', 'visualAcuityLeft', 'visualAcuityRight', 'colourVision', 'fitness'],
  defaultSort: { field: 'examinedOn', dir: 'desc' },
  nav: { group: 'tests', order: 30 },
});
