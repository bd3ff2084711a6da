import { CALIBRATION_AGENCIES, DEVICE_MAKERS } from '../fake-data/people';
import { KIOSK_SITES } from '../fake-data/places';
import { CALIBRATION_ITEMS, KIOSK_PACKAGES, KIOSK_TESTS, REFERENCE_RANGES } from '../fake-data/kiosk';
import { addDays, bySeq, dateBetween, mobile, place, someIds, streetAddress, today, uniqueSuffix, weighted, type Override } from './helpers';

const alnum = (ctx: Parameters<Override>[0], n: number) => ctx.faker.string.alphanumeric({ length: n, casing: 'upper' });

/** Health ATM kiosks, their devices, SIM cards, licence keys, tests, packages, ranges and calibrations. */
export const KIOSK_OVERRIDES: Record<string, Override> = {
  atm: (ctx) => {
    const where = place(ctx);
    return {
      name: `Health ATM, ${where.area} ${ctx.faker.helpers.arrayElement(KIOSK_SITES)}`,
      code: `HATM-${where.city.replace(/[^A-Za-z]/g, '').slice(0, 3).toUpperCase()}-${uniqueSuffix(ctx)}`,
      address: `${streetAddress(ctx, where)}, ${where.city} ${where.pincode}`,
      installedOn: dateBetween(ctx, -1100, -30),
      status: weighted(ctx, [['active', 8], ['maintenance', 1], ['retired', 1]]),
    };
  },
  atmdevice: (ctx) => {
    const { faker } = ctx;
    const [manufacturer, model] = faker.helpers.arrayElement(DEVICE_MAKERS);
    return {
      serialNumber: `${model.replace(/[^A-Z0-9]/g, '')}${faker.number.int({ min: 21, max: 26 })}${faker.string.numeric(6)}${alnum(ctx, 2)}`,
      model, manufacturer,
      firmwareVersion: `${faker.number.int({ min: 1, max: 4 })}.${faker.number.int(9)}.${faker.number.int(20)}`,
      status: weighted(ctx, [['active', 8], ['maintenance', 1], ['retired', 1]]),
    };
  },
  /** SIM cards: Indian ICCIDs start 8991; PIN 4 digits, PUK 8. */
  simirapin: (ctx) => ({
    iccid: `8991${ctx.faker.string.numeric(ctx.faker.helpers.arrayElement([15, 16]))}`,
    mobileNumber: mobile(ctx), operator: weighted(ctx, [['jio', 4], ['airtel', 4], ['vi', 2], ['bsnl', 1]]),
    pin: ctx.faker.string.numeric(4), puk: ctx.faker.string.numeric(8), status: weighted(ctx, [['active', 9], ['inactive', 1]]),
  }),
  /** ECG keys: a year's licence; expired when past, some revoked. */
  ecgkey: (ctx) => {
    const validFrom = dateBetween(ctx, -600, 30);
    const validTo = addDays(validFrom, 365);
    return {
      key: [0, 1, 2, 3].map(() => alnum(ctx, 4)).join('-'), validFrom, validTo,
      status: validTo < today() ? 'expired' : weighted(ctx, [['active', 12], ['revoked', 1]]),
    };
  },
  atmmaster: (ctx) => {
    const t = bySeq(KIOSK_TESTS, ctx.seq);
    return { ...t, code: `${t.code}-${uniqueSuffix(ctx)}`, status: 'active' };
  },
  atmgroupmaster: (ctx) => {
    const { name, description } = bySeq(KIOSK_PACKAGES, ctx.seq);
    return { name, description, status: 'active' };
  },
  atmgroup: (ctx) => {
    const p = bySeq(KIOSK_PACKAGES, ctx.seq);
    return { name: `${p.name}, 2026 rates`, tests: someIds(ctx, 'atmmaster', 2, 8), price: p.price, status: 'active' };
  },
  callibrationInventoryMaster: (ctx) => ({ ...bySeq(CALIBRATION_ITEMS, ctx.seq) }),
  callibrationInventory: (ctx) => {
    const calibratedOn = dateBetween(ctx, -400, 0);
    return {
      certificateNo: `CAL/${calibratedOn.slice(2, 4)}/${ctx.faker.string.numeric(5)}`, calibratedOn,
      performedBy: ctx.faker.helpers.arrayElement(CALIBRATION_AGENCIES), status: weighted(ctx, [['passed', 9], ['failed', 1]]),
    };
  },
  rangemaster: (ctx) => {
    const { test: _test, ...range } = bySeq(REFERENCE_RANGES, ctx.seq);
    return range;
  },
};
