import { createInstance } from 'i18next';
import { describe, expect, test } from 'vitest';
import { ENTITIES, getEntity, hitFields, hitPartsOf, isHappening, shownKind, type EntityDef } from '../../registry';
import entitiesEn from '../i18n/locales/entities/en';
import entitiesFr from '../i18n/locales/entities/fr';
import enumsEn from '../i18n/locales/enums/en';
import enumsFr from '../i18n/locales/enums/fr';
import uiEn from '../i18n/locales/ui/en';
import uiFr from '../i18n/locales/ui/fr';
import { hitSentence, recordName } from './hit-sentence';

/** A found record is said in the reader's language and time zone, from the parts the server sends (no sentence stored). */
async function tIn(lang: string) {
  const i18n = createInstance();
  await i18n.init({
    lng: lang, fallbackLng: 'en', interpolation: { escapeValue: false },
    resources: { en: { translation: uiEn, enums: enumsEn, entities: entitiesEn }, fr: { translation: uiFr, enums: enumsFr, entities: entitiesFr } },
  });
  return (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
}

const AT = '2026-12-16T13:00:00.000Z';
/** The moment as the language writes it in this process's time zone (the browser's, in the console). */
const moment = (locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(AT));

const appointment = {
  title: 'APT-2026-000626', subtitle: AT,
  parts: {
    values: { patient: 4, doctor: 9, fmc: 2, scheduledAt: AT, status: 'confirmed', number: 'APT-2026-000626' },
    labels: { patient: 'Kali Prajapat', doctor: 'Aagneya Deshpande', fmc: 'Dharampeth' },
  },
};
const payment = {
  title: 'PAY-2026-000123', subtitle: '800 · card',
  parts: {
    values: { patient: 4, doctor: 9, initiatedAt: AT, amount: 800, method: 'card', status: 'completed', number: 'PAY-2026-000123' },
    labels: { patient: 'Kali Prajapat', doctor: 'Aagneya Deshpande' },
  },
};

describe('hitSentence', () => {
  test('an appointment in English: who, when, its status; the centre and the number below', async () => {
    const said = hitSentence('appointments', appointment, await tIn('en'), 'en');
    expect(said.title).toBe(`Kali Prajapat with Dr Aagneya Deshpande · ${moment('en-IN')} · Confirmed`);
    expect(said.subtitle).toBe('Dharampeth · APT-2026-000626');
    expect(moment('en-IN')).toMatch(/^16 Dec 2026, \d{1,2}:\d\d [ap]m$/);
  });

  test('a payment in English: the amount in rupees, the method and status by their labels', async () => {
    const said = hitSentence('payment', payment, await tIn('en'), 'en');
    expect(said.title).toBe(`Kali Prajapat with Dr Aagneya Deshpande · ${moment('en-IN')}`);
    expect(said.subtitle).toBe('₹800.00 · Card · Completed · PAY-2026-000123');
  });

  test('the same in French: its words, its dates, its money', async () => {
    const t = await tIn('fr');
    const appt = hitSentence('appointments', appointment, t, 'fr');
    expect(appt.title).toBe(`Kali Prajapat avec le Dr Aagneya Deshpande · ${moment('fr-FR')} · ${enumsFr.confirmed}`);
    expect(moment('fr-FR')).toMatch(/^16 déc\. 2026, \d\d:\d\d$/);
    const pay = hitSentence('payment', payment, t, 'fr');
    expect(pay.subtitle).toBe(`800,00\u00a0₹ · ${enumsFr.card} · ${enumsFr.completed} · PAY-2026-000123`);
  });

  test('never an ISO time or an enum code, whatever the entity (every entity, its parts from a row)', async () => {
    const t = await tIn('en');
    const row: Record<string, unknown> = { id: 1, status: 'completed', _labels: {} };
    for (const def of [getEntity('appointments'), getEntity('payment'), getEntity('invoices'), getEntity('fmcslots'), getEntity('requestVerification')]) {
      const values = { ...row, scheduledAt: AT, initiatedAt: AT, issuedAt: AT, submittedAt: AT, date: '2026-12-16', startTime: '18:30', endTime: '19:00' };
      const parts = hitPartsOf(hitFields(def), values);
      const said = hitSentence(def.name, { title: 'x', subtitle: 'y', parts }, t, 'en');
      expect(`${said.title} ${said.subtitle}`, def.name).not.toMatch(/\d{4}-\d\d-\d\d|T\d\d:|\bcompleted\b/);
    }
    expect(hitSentence('fmcslots', { title: '2026-12-16 18:30', subtitle: '19:00', parts: hitPartsOf(hitFields(getEntity('fmcslots')), { date: '2026-12-16', startTime: '18:30', endTime: '19:00', status: 'open', _labels: {} }) }, t, 'en').title)
      .toBe('16 Dec 2026, 6:30 pm · Open');
  });

  test('a blind picker\'s option (a title only, no parts) is said as sent', async () => {
    expect(hitSentence('patients', { title: 'Kali Prajapat', subtitle: '' }, await tIn('en'), 'en')).toEqual({ title: 'Kali Prajapat', subtitle: '' });
  });

  test('a notice names a record by who, when and its number, without its status', async () => {
    const row = { id: 7, ...appointment.parts.values, _labels: appointment.parts.labels };
    expect(recordName(getEntity('appointments'), row, await tIn('en'), 'en')).toBe(`Kali Prajapat with Dr Aagneya Deshpande · ${moment('en-IN')} · APT-2026-000626`);
  });
});

/** A made-up row of every field a hit carries, each reference titled "<field> label". */
function sampleRow(def: EntityDef): Record<string, unknown> {
  const row: Record<string, unknown> = { id: 1, _labels: {} };
  const labels = row._labels as Record<string, string>;
  for (const k of hitFields(def)) {
    const fd = def.fields[k];
    switch (shownKind(fd)) {
      case 'ref': row[k] = 2; labels[k] = `${k} label`; break;
      case 'enum': row[k] = fd.values![0]; break;
      case 'date': row[k] = '2026-12-16'; break;
      case 'time': row[k] = '18:30'; break;
      case 'datetime': row[k] = AT; break;
      case 'int': case 'decimal': case 'money': row[k] = 800; break;
      case 'bool': row[k] = true; break;
      default: row[k] = `${def.name} ${k}`;
    }
  }
  return row;
}

/** A title field as the sentence says it (the title fields are words, codes, days and times). */
function said(def: EntityDef, k: string, row: Record<string, unknown>): string {
  switch (shownKind(def.fields[k])) {
    case 'date': return '16 Dec 2026';
    case 'time': return '6:30 pm';
    case 'text': case 'longText': case 'code': return String(row[k]);
    default: throw new Error(`${def.name}.${k}: say this kind of title field here`);
  }
}

describe('every entity\'s sentence', () => {
  test.each(ENTITIES.map((def) => [def.name, def] as const))('%s: titled by its own title fields, unless a happening about people', async (_, def) => {
    const t = await tIn('en');
    const row = sampleRow(def);
    const { title } = hitSentence(def.name, { title: 'x', subtitle: 'y', parts: hitPartsOf(hitFields(def), row) }, t, 'en');
    const people = Object.entries(def.fields).filter(([, fd]) => fd.kind === 'ref' && (fd.ref === 'patients' || fd.ref === 'doctor')).map(([k]) => `${k} label`);
    if (people.some((p) => title.startsWith(p) || title.startsWith(`Dr ${p}`))) {
      expect(isHappening(def), `${def.name} leads with a person: "${title}"`).toBe(true);
    } else {
      const own = def.titleFields.map((k) => said(def, k, row));
      expect(own.some((o) => title.startsWith(o)), `${def.name}: "${title}" starts with one of ${JSON.stringify(own)}`).toBe(true);
    }
  });

  test('a centre is its name, not its owner; an appointment is its people', async () => {
    const t = await tIn('en');
    const centre = { id: 2, name: 'Dharampeth', code: 'DHP-01', owner: 9, status: 'active', _labels: { owner: 'Chinmayanand Varman' } };
    const fmc = getEntity('fmc');
    expect(hitSentence('fmc', { title: 'x', subtitle: 'y', parts: hitPartsOf(hitFields(fmc), centre) }, t, 'en')).toEqual({ title: 'Dharampeth', subtitle: 'Active · DHP-01' });
    expect(recordName(fmc, centre, t, 'en')).toBe('Dharampeth');
    expect(isHappening(fmc)).toBe(false);
    expect(isHappening(getEntity('appointments'))).toBe(true);
  });
});
