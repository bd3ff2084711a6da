import { describe, expect, test } from 'vitest';
import { getEntity } from '../../src/registry';
import { setupApi } from './harness';

/**
 * The calendars' reads (issue 19 §3): a week of a centre's slots (`filter[date]=from..to` with `filter[fmc]`) and a
 * day or week of appointments (`filter[scheduledAt]=from..to`, by doctor or centre), through the generic list.
 */
// Centres somewhere other than the default zone, so that the public config is seen to pass CENTRE_TIME_ZONE on.
const api = setupApi({ env: { CENTRE_TIME_ZONE: 'Europe/Rome' } });
const slots = getEntity('fmcslots');
const appointments = getEntity('appointments');

async function slotOn(date: string) {
  const r = await api.call('superadmin', 'POST', `/api/${slots.api}`, { ...(await api.payload(slots)), fmc: api.homeCentre, doctor: null, date, startTime: '09:00', endTime: '10:00', capacity: 5, status: 'open' });
  expect(r.status, r.text).toBe(201);
  return Number(r.body.data.id);
}

async function appointmentAt(scheduledAt: string, doctor: number) {
  const r = await api.call('superadmin', 'POST', `/api/${slots.api}`, {
    ...(await api.payload(slots)), fmc: api.homeCentre, doctor, date: scheduledAt.slice(0, 10), startTime: '09:00', endTime: '09:30', capacity: 5, status: 'open',
  });
  const patient = Number((await api.insert(getEntity('patients')))!.id);
  const booked = await api.call('superadmin', 'POST', `/api/${slots.api}/${r.body.data.id}/book`, { patient });
  expect(booked.status, booked.text).toBe(201);
  return booked.body.data.appointment as { id: number; scheduledAt: string };
}

const ids = (reply: { body: { data: { id: number }[] } }) => reply.body.data.map((r) => Number(r.id));

describe('range filters of the calendars', () => {
  test('the public config names the centres\' time zone, where the calendars judge a slot past', async () => {
    const r = await api.call('anonymous', 'GET', '/api/auth/config');
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.centreTimeZone).toBe('Europe/Rome');
  });

  test('slots of one centre in a week: both ends included, the days around left out', async () => {
    const [before, first, last, after] = [await slotOn('2033-03-06'), await slotOn('2033-03-07'), await slotOn('2033-03-13'), await slotOn('2033-03-14')];
    const r = await api.call('fmc', 'GET', `/api/${slots.api}?filter[fmc]=${api.homeCentre}&filter[date]=2033-03-07..2033-03-13&sort=date:asc&limit=200`);
    expect(r.status, r.text).toBe(200);
    expect(ids(r)).toEqual(expect.arrayContaining([first, last]));
    expect(ids(r)).not.toContain(before);
    expect(ids(r)).not.toContain(after);
    expect(r.body.data.every((s: { date: string }) => s.date >= '2033-03-07' && s.date <= '2033-03-13')).toBe(true);
  });

  test('appointments of a doctor between two moments, and by day', async () => {
    const doctor = Number((await api.insert(getEntity('doctor')))!.id);
    const a = await appointmentAt('2034-05-02', doctor);
    const b = await appointmentAt('2034-05-04', doctor);
    const c = await appointmentAt('2034-05-09', doctor);
    const week = await api.call('superadmin', 'GET', `/api/${appointments.api}?filter[doctor]=${doctor}&filter[scheduledAt]=2034-05-01T00:00:00.000Z..2034-05-07T23:59:59.999Z&sort=scheduledAt:asc`);
    expect(week.status, week.text).toBe(200);
    expect(ids(week)).toEqual([a.id, b.id]);
    // A date-only end covers its whole day.
    const day = await api.call('superadmin', 'GET', `/api/${appointments.api}?filter[doctor]=${doctor}&filter[scheduledAt]=2034-05-09..2034-05-09`);
    expect(ids(day)).toEqual([c.id]);
  });

  test('a range that is not one is refused with the field named', async () => {
    const r = await api.call('superadmin', 'GET', `/api/${appointments.api}?filter[scheduledAt]=soon..later`);
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toMatchObject({ field: 'filter[scheduledAt]', code: 'invalid_filter' });
    const s = await api.call('superadmin', 'GET', `/api/${slots.api}?filter[date]=2033-03-07T00:00:00Z..`);
    expect(s.status).toBe(400);
  });
});
