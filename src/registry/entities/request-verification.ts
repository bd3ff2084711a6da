import { defineEntity } from '../entity';
import { f } from '../fields';

/**
 * A doctor's request to be verified: documents (files in the content store), then a superadmin approves or
 * rejects it with a reason (docs/decisions.md#statuses-and-transitions). `number` (VR-NNNNNN) names it in lists and search. The doctor's
 * verificationStatus follows the request (`mirror`): requested once documents are sent, verified on approval, pending
 * again on rejection; no edit of the doctor writes it. Approving is a review: the console waits until every document
 * was opened, then asks to confirm, naming the doctor (issue 19 §3).
 */
export const requestVerification = defineEntity({
  name: 'requestVerification',
  api: 'requestVerification',
  table: 'verification_request',
  fields: {
    number: f.code({ required: true, unique: true, sortable: true, searchable: true, pattern: /^VR-[0-9]{6}$/, message: 'Use VR-NNNNNN' }),
    doctor: f.ref('doctor', { required: true }),
    documents: f.list({
      title: f.text({ required: true, max: 120 }),
      file: f.file({ required: true }),
    }, { max: 10 }),
    status: f.enum(['pending', 'requested', 'verified'], { required: true }),
    submittedAt: f.datetime({ sortable: true }),
    reviewedBy: f.ref('admin-user'),
    reviewedAt: f.datetime({ sortable: true }),
    remarks: f.longText({ max: 2000 }),
  },
  titleFields: ['number'],
  subtitleFields: ['submittedAt'],
  columns: ['number', 'doctor', 'submittedAt', 'status', 'reviewedBy', 'reviewedAt'],
  defaultSort: { field: 'submittedAt', dir: 'desc' },
  nav: { group: 'verification', order: 10 },
  recordPath: 'requestVerification/:status/view/:id',
  indexes: [['status', 'submittedAt']],
  workflow: {
    field: 'status',
    initial: 'pending',
    mirror: { ref: 'doctor', field: 'verificationStatus' },
    transitions: [
      { name: 'submit', from: ['pending'], to: 'requested', sets: { submittedAt: '$now' }, key: 's' },
      { name: 'approve', from: ['requested'], to: 'verified', sets: { reviewedBy: '$actor', reviewedAt: '$now' }, review: { names: 'doctor' }, key: 'a' },
      { name: 'reject', from: ['requested'], to: 'pending', reason: true, sets: { remarks: '$reason', reviewedBy: '$actor', reviewedAt: '$now' }, key: 'r' },
    ],
  },
  views: (['pending', 'requested', 'verified'] as const).map((s) => ({ segment: s, filters: { status: s } })),
});
