import type { Faker } from '@faker-js/faker';
import { sql } from 'kysely';
import { reserveSeat } from '../crud/slot-booking';
import type { DB } from '../db/connection';
import { DemoSeeder } from './demo-seeder';
import { CAMPAIGNS, CONTACT_POINTS, CONTENT_PAGES, FAQS, FEATURES } from './fake-data/content';
import { IMAGING_TESTS, IMAGING_TYPES } from './fake-data/imaging';
import { KIOSK_PACKAGES, KIOSK_TESTS, REFERENCE_RANGES } from './fake-data/kiosk';
import { LAB_TESTS } from './fake-data/lab-tests';
import { MEDICINES } from './fake-data/medicines';
import { ADDON_SERVICE_TYPES, COUNCILS, DEPARTMENTS, DIET_SHEETS, EXPERIENCE_RANGES, FOLLOWUP_PERIODS, QUALIFICATIONS, RELATIONSHIPS, SUB_SPECIALITIES } from './fake-data/masters';
import { CITY_PLACES } from './fake-data/places';
import { CITIES } from './reference-data';

type Row = Record<string, unknown>;

/** name → id of some rows. */
const idBy = (rows: Row[], key: string) => new Map(rows.map((r) => [String(r[key]), Number(r.id)]));

/**
 * The whole catalogue's demo records, in reference order, with a fixed-seed faker: each master list once,
 * about 60 doctors, 150 patients, centres with slots (some booked), kiosks with their devices, and the
 * content pages (the current version of each published, the next as a draft).
 */
export async function seedCatalogue(db: DB, faker: Faker, opts: { scryptLogN: number; log: (line: string) => void }) {
  const s = new DemoSeeder(db, faker, opts.scryptLogN);
  await s.loadExisting();

  // Places: a city's id and its state's, found from a pincode the generator chose.
  const cityRows = (await sql<{ id: number; name: string }>`select id, name from city`.execute(db)).rows;
  const stateRows = (await sql<{ id: number; code: string }>`select id, code from state`.execute(db)).rows;
  const cityId = new Map(cityRows.map((r) => [r.name, Number(r.id)]));
  const stateId = new Map(stateRows.map((r) => [r.code, Number(r.id)]));
  const stateOfCity = new Map(CITIES.map(([name, st]) => [name, st]));
  const cityOfPincode = new Map(Object.entries(CITY_PLACES).flatMap(([city, c]) => c.localities.map((l) => [l.pincode, city] as const)));
  const placeOf = (pincode: unknown) => {
    const city = cityOfPincode.get(String(pincode)) ?? 'Mumbai';
    return { city: cityId.get(city) ?? null, state: stateId.get(stateOfCity.get(city) ?? '') ?? null, name: city };
  };
  const pincodeIn = (text: unknown) => /(\d{6})$/.exec(String(text))?.[1];
  const short = (city: string) => city.replace(/[^A-Za-z]/g, '').slice(0, 3).toUpperCase();
  const pad = (n: number) => String(n).padStart(3, '0');

  // Master data.
  const specialityRows = (await sql<{ id: number; name: string }>`select id, name from speciality`.execute(db)).rows;
  const specialityId = new Map(specialityRows.map((r) => [r.name, Number(r.id)]));
  await s.add('specialitys', SUB_SPECIALITIES.length, (i) => ({ speciality: specialityId.get(SUB_SPECIALITIES[i][0]) }));
  await s.add('experience', EXPERIENCE_RANGES.length);
  await s.add('registerCouncil', COUNCILS.length, (i) => ({ state: COUNCILS[i][2] ? stateId.get(COUNCILS[i][2]!) : null }));
  await s.add('followupPeriod', FOLLOWUP_PERIODS.length);
  await s.add('relationships', RELATIONSHIPS.length);
  await s.add('department', DEPARTMENTS.length, (i) => ({ code: DEPARTMENTS[i][1] }));
  await s.add('educational_categorymaster', QUALIFICATIONS.length);
  await s.add('features', FEATURES.length);
  await s.add('notification', CAMPAIGNS.length * 2);
  for (const page of Object.keys(CONTENT_PAGES)) await s.add(page, 2);
  await s.add('faq', FAQS.length);
  await s.add('contactUs', CONTACT_POINTS.length);

  // People.
  const doctors = await s.add('doctor', 60);
  const patients = await s.add('patients', 150, (_, r) => { const p = placeOf(r.pincode); return { city: p.city, state: p.state }; });

  // Family medical centres, their slots (with bookings), G4S sites and add-on offers.
  const centres = await s.add('fmc', 25, (i, r) => {
    const p = placeOf(r.pincode);
    return { city: p.city, state: p.state, code: `FMC-${short(p.name)}-${pad(i + 1)}`, owner: Number(faker.helpers.arrayElement(doctors).id) };
  });
  const slots = await s.add('fmcslots', 80, (i) => ({ fmc: Number(centres[i % centres.length].id) }));
  let bookings = 0;
  for (const slot of slots) {
    if (slot.status !== 'open') continue;
    const want = faker.number.int({ min: 0, max: Number(slot.capacity) });
    for (const p of faker.helpers.arrayElements(patients, want)) {
      await reserveSeat(db, Number(slot.id), Number(p.id), null);
      bookings++;
    }
  }
  await s.add('g4sfmc', 12);
  const serviceTypes = await s.add('addonservicesmaster', ADDON_SERVICE_TYPES.length);
  await s.add('addonservices', 40, (i) => {
    const type = serviceTypes[i % serviceTypes.length];
    const centre = faker.helpers.arrayElement(centres);
    return { service: Number(type.id), fmc: Number(centre.id), name: `${String(type.name)}, ${String(centre.name).replace(/ Family Medical Centre$/, '')}` };
  });

  // Medicines and tests.
  await s.add('medicine', MEDICINES.length);
  await s.add('udctest', LAB_TESTS.length, (i) => ({ code: LAB_TESTS[i].code }));
  await s.add('dentisttest', 40);
  await s.add('opthlmotest', 40);

  // Health ATM kiosks: SIM cards, kiosks, one device per kiosk (plus spares in stock), keys, tests, packages, ranges, calibrations.
  const sims = await s.add('simirapin', 30);
  const kiosks = await s.add('atm', 25, (i, r) => {
    const p = placeOf(pincodeIn(r.address));
    return { city: p.city, code: `HATM-${short(p.name)}-${pad(i + 1)}` };
  });
  await s.add('atmdevice', 35, (i) => ({ atm: i < kiosks.length ? Number(kiosks[i].id) : null, sim: i < sims.length ? Number(sims[i].id) : null }));
  await s.add('ecgkey', 30);
  const kioskTests = idBy(await s.add('atmmaster', KIOSK_TESTS.length, (i) => ({ code: KIOSK_TESTS[i].code })), 'code');
  const packages = await s.add('atmgroupmaster', KIOSK_PACKAGES.length);
  await s.add('atmgroup', KIOSK_PACKAGES.length, (i) => ({ group: Number(packages[i].id), tests: KIOSK_PACKAGES[i].tests.map((c) => kioskTests.get(c)) }));
  await s.add('callibrationInventoryMaster', 10);
  await s.add('callibrationInventory', 50);
  await s.add('rangemaster', REFERENCE_RANGES.length, (i) => ({ test: kioskTests.get(REFERENCE_RANGES[i].test) }));
  await s.add('dietsheet', DIET_SHEETS.length);

  // Imaging.
  const imagingTypes = idBy(await s.add('imgtesttype', IMAGING_TYPES.length, (i) => ({ code: IMAGING_TYPES[i].code })), 'code');
  await s.add('imglocation', 15, (_, r) => ({ city: placeOf(pincodeIn(r.address)).city }));
  await s.add('imagingmaster', IMAGING_TESTS.length, (i) => ({ type: imagingTypes.get(IMAGING_TESTS[i].type) }));

  // Membership.
  await s.add('membershipcard', 60);

  const total = Object.values(s.counts).reduce((a, b) => a + b, 0);
  opts.log(`Seeded the catalogue: ${total} records of ${Object.keys(s.counts).length} entities, ${bookings} slot bookings`);
  return { counts: s.counts, bookings };
}
