import { describe, expect, test } from 'vitest';
import { getEntity } from '../../src/registry';
import entitiesEn from '../../src/words/entity-labels/en';
import schemaMessagesFr from '../../src/client/i18n/locales/validation/fr';
import { setupApi, type Reply } from './harness';

/**
 * What the API says of a value it refuses is a sentence naming the field ("Name is required", "Consultation fee is not
 * a number"), never zod's own words ("Invalid input: expected string, received undefined"): wrong types, missing
 * required fields, too long texts, unknown options, numbers out of range, bad formats, unknown members and nested list
 * items, on several entities, and on a call that is not an entity's (a move's values).
 */
const api = setupApi({ roles: ['superadmin', 'admin'] });
const ZOD_WORDS = /invalid input|expected|received|too (big|small):|unrecognized/i;

interface Item { field?: string; message: string; code?: string }
const labels = entitiesEn as Record<string, { fields: Record<string, string>; items?: Record<string, Record<string, string>> }>;

/** The refusal's items, each checked: no zod words, and naming its field by the label the form shows. */
function refused(r: Reply, entity: string): Record<string, string> {
  expect(r.status, r.text).toBe(400);
  const items = (r.body as { errors: Item[] }).errors;
  for (const e of items) {
    expect(e.message, JSON.stringify(e)).not.toMatch(ZOD_WORDS);
    const [first, index, inner] = (e.field ?? '').split('.');
    const label = inner !== undefined && /^\d+$/.test(index) ? labels[entity].items?.[first]?.[inner] : labels[entity].fields[first];
    // A schema's own message ("Use 2 to 16 capital letters, digits or dashes") stands, translated by its text.
    if (label && !(e.message in schemaMessagesFr)) expect(e.message, JSON.stringify(e)).toContain(label);
  }
  return Object.fromEntries(items.map((e) => [e.field ?? '', e.message]));
}

describe('an entity\'s payload: every refusal names its field', () => {
  test('department: a wrong type, a missing required field, an unknown option, an unknown member', async () => {
    const said = refused(await api.call('admin', 'POST', '/api/department', { name: 42, status: 'sometimes', colour: 'red' }), 'department');
    expect(said).toMatchObject({
      name: 'Name must be text',
      code: 'Code is required',
      status: 'Choose one of the options for Status',
      colour: 'Colour cannot be given here',
    });
  });

  test('department: too long, blank, a schema\'s own rule', async () => {
    const said = refused(await api.call('admin', 'POST', '/api/department', { name: '   ', code: 'lower case', description: 'x'.repeat(2001), status: 'active' }), 'department');
    expect(said).toEqual({
      name: 'Name is required',
      code: 'Use 2 to 16 capital letters, digits or dashes',
      description: 'Description is too long (at most 2,000 characters)',
    });
  });

  test('doctor: money not a number, a bad email, a number out of range, a list that is not one, a clinic without its name', async () => {
    const said = refused(await api.call('admin', 'POST', '/api/doctor', {
      firstName: 'Asha', lastName: 'Rao', email: 'not-an-address', phone: '+91 98123 45678', status: 'active',
      consultationFee: 'five hundred', experienceYears: 400, specialities: 'cardiology', clinics: [{ address: 'MG Road' }],
    }), 'doctor');
    expect(said).toMatchObject({
      email: 'Email is not an email address',
      consultationFee: 'Consultation fee is not a number',
      experienceYears: expect.stringMatching(/^Years of experience must be (from 0 to 70|at most 70)$/),
      specialities: 'Specialities must be a list',
      'clinics.0.name': 'Name is required',
    });
  });

  test('centre slot: a date and a time that are not ones, a capacity of 0, a reference that is not an id', async () => {
    const said = refused(await api.call('superadmin', 'POST', '/api/fmcslots', { fmc: 'home', date: 'tomorrow', startTime: '25:99', endTime: '10:00', capacity: 0, status: 'open' }), 'fmcslots');
    expect(said).toMatchObject({
      fmc: 'Centre is not a number',
      date: 'Date is not a date',
      startTime: 'Start time is not a time',
      capacity: 'Capacity must be from 1 to 500',
    });
  });

  test('an edit: the same sentences', async () => {
    const rec = (await api.insert(getEntity('department')))!;
    const said = refused(await api.call('admin', 'PUT', `/api/department/${rec.id}`, { name: null, code: rec.code, status: 'active', description: 7, version: rec.version }), 'department');
    expect(said).toMatchObject({ name: 'Name is required', description: 'Description must be text' });
  });
});

test('a call that is not an entity\'s payload: a move\'s values are named too', async () => {
  const def = getEntity('appointments');
  const rec = (await api.insert(def))!;
  const r = await api.call('admin', 'POST', `/api/${def.api}/${rec.id}/transition`, { to: 'rescheduled', version: rec.version, values: { scheduledAt: 12 } });
  expect(r.status, r.text).toBe(400);
  for (const e of (r.body as { errors: Item[] }).errors) expect(e.message, JSON.stringify(e)).not.toMatch(ZOD_WORDS);
  expect((r.body as { errors: Item[] }).errors[0]).toMatchObject({ field: 'values.scheduledAt', message: 'Scheduled at must be text' });
  const body = await api.call('admin', 'POST', `/api/${def.api}/${rec.id}/transition`, { to: 5, version: 'one' });
  expect(body.status, body.text).toBe(400);
  for (const e of (body.body as { errors: Item[] }).errors) expect(e.message, JSON.stringify(e)).not.toMatch(ZOD_WORDS);
});
