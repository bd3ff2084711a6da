import { describe, expect, test } from 'vitest';
import { getEntity } from '../src/registry';
import type { Translate } from './define';
import { valueLabel, viewLabel } from './value-label';

/** A t() over a few English labels, as i18next answers: the default when a key is missing, else the key. */
const LABELS: Record<string, string> = {
  'entities:requestVerification.values.status.pending': 'Not yet submitted',
  'entities:requestVerification.values.status.requested': 'Waiting for review',
  'entities:requestVerification.values.status.verified': 'Verified',
  'enums:pending': 'Pending', 'enums:requested': 'Requested', 'ui:view.pending': 'Pending', 'ui:view.missed': 'Missed',
};
const t: Translate = (key, options = {}) => {
  const hit = LABELS[`${String(options.ns ?? 'ui')}:${key}`];
  return hit ?? (options.defaultValue !== undefined ? String(options.defaultValue) : key);
};

describe('valueLabel and viewLabel', () => {
  test('an entity\'s own label of a value comes first; other entities keep the shared one', () => {
    expect(valueLabel(t, 'requestVerification', 'status', 'requested')).toBe('Waiting for review');
    expect(valueLabel(t, 'payment', 'status', 'pending')).toBe('Pending');
  });

  test('a view holding one status is named as that status reads on its entity; others by their segment', () => {
    const rv = getEntity('requestVerification');
    expect(rv.views!.map((v) => viewLabel(t, rv, v))).toEqual(['Not yet submitted', 'Waiting for review', 'Verified']);
    const payments = getEntity('payment');
    expect(viewLabel(t, payments, payments.views!.find((v) => v.segment === 'pending')!)).toBe('Pending');
    const appointments = getEntity('appointments');
    expect(viewLabel(t, appointments, appointments.views!.find((v) => v.segment === 'missed')!)).toBe('Missed');
  });
});
