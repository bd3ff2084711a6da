import { IMAGING_CENTRE_SUFFIXES, IMAGING_TESTS, IMAGING_TYPES } from '../fake-data/imaging';
import { LAB_TESTS } from '../fake-data/lab-tests';
import { MEDICINES } from '../fake-data/medicines';
import { ADDON_SERVICE_TYPES } from '../fake-data/masters';
import { bySeq, dateBetween, mobile, person, place, someIds, streetAddress, uniqueSuffix, weighted, type Override } from './helpers';

const cityCode = (city: string) => city.replace(/[^A-Za-z]/g, '').slice(0, 3).toUpperCase();

/** Centres, their slots and sites, add-on offers, medicines, laboratory and imaging tests. */
export const CATALOGUE_OVERRIDES: Record<string, Override> = {
  fmc: (ctx) => {
    const where = place(ctx);
    const { faker } = ctx;
    return {
      name: `${where.area} Family Medical Centre`,
      code: `FMC-${cityCode(where.city)}-${uniqueSuffix(ctx)}`,
      address: streetAddress(ctx, where), pincode: where.pincode, phone: mobile(ctx),
      email: `fmc${ctx.seq}.${cityCode(where.city).toLowerCase()}@centres.example.in`,
      openingHours: faker.helpers.arrayElement(['Mon–Sat 08:00–20:00', 'Every day 07:00–22:00', 'Mon–Sat 09:00–18:00']),
      latitude: Number((where.lat + faker.number.float({ min: -0.05, max: 0.05 })).toFixed(5)),
      longitude: Number((where.lng + faker.number.float({ min: -0.05, max: 0.05 })).toFixed(5)),
      status: weighted(ctx, [['active', 9], ['inactive', 1]]),
    };
  },
  /** A slot of 30 minutes to 2 hours between 08:00 and 20:00, from a week ago to three weeks ahead. */
  fmcslots: (ctx) => {
    const { faker } = ctx;
    const start = faker.number.int({ min: 16, max: 36 }) * 30;
    const end = start + faker.helpers.arrayElement([30, 60, 120]);
    const hhmm = (min: number) => `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`;
    return {
      date: dateBetween(ctx, -7, 21), startTime: hhmm(start), endTime: hhmm(end),
      capacity: faker.helpers.arrayElement([4, 6, 8, 10, 12, 15, 20]), status: weighted(ctx, [['open', 6], ['closed', 1]]),
    };
  },
  g4sfmc: (ctx) => {
    const where = place(ctx);
    const contact = person(ctx);
    return {
      siteName: `G4S ${where.city} ${ctx.faker.helpers.arrayElement(['Regional Office', 'Training Centre', 'Control Room', 'Cash Processing Centre'])}`,
      address: streetAddress(ctx, where), contactName: `${contact.firstName} ${contact.lastName}`, contactPhone: mobile(ctx),
      status: weighted(ctx, [['active', 9], ['inactive', 1]]),
    };
  },
  addonservices: (ctx) => ({
    name: `${bySeq(ADDON_SERVICE_TYPES, ctx.seq)[0]}, ${place(ctx).area}`,
    price: ctx.faker.helpers.arrayElement([199, 299, 499, 799, 999, 1499, 1999]),
    status: weighted(ctx, [['active', 9], ['inactive', 1]]),
  }),
  medicine: (ctx) => ({ ...bySeq(MEDICINES, ctx.seq), status: weighted(ctx, [['active', 19], ['inactive', 1]]) }),
  udctest: (ctx) => {
    const t = bySeq(LAB_TESTS, ctx.seq);
    return { ...t, code: `${t.code}-${uniqueSuffix(ctx)}`, status: 'active' };
  },
  imgtesttype: (ctx) => {
    const t = bySeq(IMAGING_TYPES, ctx.seq);
    return { ...t, code: `${t.code}-${uniqueSuffix(ctx)}` };
  },
  imglocation: (ctx) => {
    const where = place(ctx);
    return {
      name: `${where.area} ${ctx.faker.helpers.arrayElement(IMAGING_CENTRE_SUFFIXES)}`,
      address: `${streetAddress(ctx, where)}, ${where.city} ${where.pincode}`, phone: mobile(ctx), status: 'active',
    };
  },
  imagingmaster: (ctx) => {
    const { name, price, preparation } = bySeq(IMAGING_TESTS, ctx.seq);
    return { name, price, preparation, locations: someIds(ctx, 'imglocation', 1, 3), status: 'active' };
  },
};
