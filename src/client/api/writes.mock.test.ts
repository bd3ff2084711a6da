import { beforeEach, describe, expect, test, vi } from 'vitest';
import { getEntity } from '../../registry';
import type { Row } from './entities';
import { keys, type QueryKey } from './keys';
import { queryClient } from './query-client';
import { listsChanged, recordChanged, writes } from './writes';

// The booking call answers as the server does: the slot, with the appointment the booking made.
// An undo answers the record as it is back, one version on.
vi.mock('./entities', async (original) => {
  const real = await original<typeof import('./entities')>();
  return { ...real, entities: { ...real.entities, undoTransition: async (_def: unknown, id: number, version: number) => ({ id, version: version + 1, status: 'confirmed' }) } };
});
vi.mock('./slots', () => ({
  bookSlot: async (slot: number) => ({ id: slot, version: 3, booked: 4, appointment: { id: 90, number: 'APT-2026-000090', scheduledAt: '2026-11-25T04:00:00.000Z' } }),
}));

/**
 * A write refreshes exactly what it changed, by key: the cache is filled with reads of two entities, a write is
 * reported, and the reads it marks stale (what a screen showing them refetches) are exactly those expected.
 */
const sort = { field: 'id', dir: 'asc' } as const;
const patients = keys.entity('patients');
const doctors = keys.entity('doctor');
const READS: Record<string, QueryKey> = {
  patientList: patients.list({ sort, filters: {} }),
  patientSearch: patients.list({ q: 'shah', sort, filters: {} }),
  patient7: patients.record(7),
  patient7History: patients.history(7),
  patient7Timeline: patients.timeline(7),
  patient8: patients.record(8),
  patient8History: patients.history(8),
  patientPicker: patients.options({ q: 'sh', limit: 30 }),
  doctorList: doctors.list({ sort, filters: {} }),
  doctor7: doctors.record(7),
  slotList: keys.entity('fmcslots').list({ sort, filters: { fmc: '3' } }),
  slot5: keys.entity('fmcslots').record(5),
  appointmentList: keys.entity('appointments').list({ sort, filters: {} }),
  appointment90: keys.entity('appointments').record(90),
  screen: keys.screen('fmclogs', {}),
  search: keys.search('shah'),
};

const stale = () => Object.entries(READS).filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated).map(([name]) => name).sort();
const row = (id: number, version = 2): Row => ({ id, version, firstName: 'Asha' });

beforeEach(() => {
  queryClient.clear();
  for (const key of Object.values(READS)) queryClient.setQueryData(key, { data: [] });
});

describe('writes invalidate by key', () => {
  test('a record changed: its lists, pickers, history and timeline; the record itself is set, not refetched', () => {
    recordChanged(getEntity('patients'), row(7, 5));
    expect(stale()).toEqual(['patient7History', 'patient7Timeline', 'patientList', 'patientPicker', 'patientSearch']);
    expect(queryClient.getQueryData(patients.record(7))).toEqual(row(7, 5));
  });

  test('one move of many: the record and its history now, the lists once at the end', () => {
    recordChanged(getEntity('patients'), row(8), { lists: false });
    expect(stale()).toEqual(['patient8History']);
    listsChanged(getEntity('patients'));
    expect(stale()).toEqual(['patient8History', 'patientList', 'patientPicker', 'patientSearch']);
  });

  test('an undo of a move: the record set from the answer, its history and its lists refetched, as for the move', async () => {
    const back = await writes.undoTransition(getEntity('appointments'), 90, 4);
    expect(back).toEqual({ id: 90, version: 5, status: 'confirmed' });
    expect(queryClient.getQueryData(keys.entity('appointments').record(90))).toEqual(back);
    expect(stale()).toEqual(['appointmentList']);
  });

  test('a booking: the slot is set from the answer, every list of slots and of appointments refetched', async () => {
    const { slot, appointment } = await writes.book(5, 12);
    expect(appointment.number).toBe('APT-2026-000090');
    expect(queryClient.getQueryData(keys.entity('fmcslots').record(5))).toEqual(slot);
    expect(slot).not.toHaveProperty('appointment');
    expect(stale()).toEqual(['appointmentList', 'slotList']);
  });
});
