import { CLINIC_TIMINGS, CONSULTATION_FEES, DENTAL_REMARKS, DOCTOR_BIOS, EYE_REMARKS, INSURERS } from '../fake-data/people';
import { addDays, dateBetween, mobile, oneId, person, place, someIds, streetAddress, today, weighted, type Override } from './helpers';

const email = (first: string, last: string, seq: number, domain: string) =>
  `${first}.${last}.${seq}`.toLowerCase().replace(/[^a-z0-9.]/g, '') + `@${domain}`;

/** Doctors: a gendered Indian name, experience that fits the age, 1–2 clinics in one city, mostly verified. */
const doctor: Override = (ctx) => {
  const { faker } = ctx;
  const p = person(ctx);
  const experienceYears = faker.number.int({ min: 1, max: 35 });
  const city = place(ctx).city;
  const clinics = Array.from({ length: faker.number.int({ min: 1, max: 2 }) }, (_, i) => {
    const where = place(ctx, city);
    return {
      name: i === 0 ? `Dr ${p.lastName}'s Clinic` : `${where.area} Health Clinic`,
      address: streetAddress(ctx, where), city, pincode: where.pincode, timings: faker.helpers.arrayElement(CLINIC_TIMINGS),
    };
  });
  return {
    ...p,
    email: email(p.firstName, p.lastName, ctx.seq, 'doctors.example.in'),
    phone: mobile(ctx),
    dateOfBirth: dateBetween(ctx, -365 * (experienceYears + 50), -365 * (experienceYears + 25)),
    photo: null,
    specialities: someIds(ctx, 'speciality', 1, 2),
    subSpecialities: someIds(ctx, 'specialitys', 0, 2),
    languages: someIds(ctx, 'languages', 2, 4),
    experienceYears,
    registrationNumber: `${new Date().getFullYear() - experienceYears}/${faker.string.numeric(5)}`,
    consultationFee: faker.helpers.arrayElement(CONSULTATION_FEES),
    bio: `${experienceYears} years of clinical practice. ${faker.helpers.arrayElement(DOCTOR_BIOS)}`,
    clinics,
    status: weighted(ctx, [['active', 9], ['inactive', 1]]),
  };
};

/** Patients: an address in one real city, a family, insurance for some. */
const patients: Override = (ctx) => {
  const { faker } = ctx;
  const p = person(ctx);
  const where = place(ctx);
  const insured = faker.number.int(9) < 4;
  const familyMembers = Array.from({ length: weighted(ctx, [[0, 3], [1, 3], [2, 3], [3, 2]]) }, () => {
    const m = person(ctx);
    return { name: `${m.firstName} ${p.lastName}`, relationship: oneId(ctx, 'relationships'), dateOfBirth: dateBetween(ctx, -365 * 80, -30), gender: m.gender };
  }).filter((m) => m.relationship !== null);
  return {
    ...p,
    phone: mobile(ctx),
    email: faker.number.int(9) < 7 ? email(p.firstName, p.lastName, ctx.seq, 'mail.example.in') : null,
    dateOfBirth: dateBetween(ctx, -365 * 85, -365 * 1),
    bloodGroup: weighted(ctx, [['B+', 32], ['O+', 29], ['A+', 22], ['AB+', 8], ['B-', 2], ['O-', 2], ['A-', 2], ['AB-', 1]]),
    addressLine: streetAddress(ctx, where),
    pincode: where.pincode,
    emergencyContactName: `${person(ctx).firstName} ${p.lastName}`,
    emergencyContactPhone: mobile(ctx),
    familyMembers,
    insuranceProvider: insured ? faker.helpers.arrayElement(INSURERS) : null,
    insurancePolicyNumber: insured ? `${faker.string.numeric(4)}/${faker.string.numeric(8)}/${faker.number.int({ min: 2023, max: 2026 })}` : null,
    insuranceValidTo: insured ? dateBetween(ctx, -60, 700) : null,
    status: weighted(ctx, [['active', 19], ['inactive', 1]]),
  };
};

const examiner = (ctx: Parameters<Override>[0]) => {
  const p = person(ctx);
  return `Dr ${p.firstName} ${p.lastName}`;
};

/** Dental examinations: caries counts mostly low; many caries or periodontitis means referral. */
const dentisttest: Override = (ctx) => {
  const { faker } = ctx;
  const caries = weighted(ctx, [[0, 5], [1, 3], [2, 2], [3, 1], [5, 1]]);
  const gumCondition = weighted(ctx, [['healthy', 6], ['gingivitis', 3], ['periodontitis', 1]]);
  const fitness = caries > 3 || gumCondition === 'periodontitis' ? 'refer' : weighted(ctx, [['fit', 9], ['unfit', 1]]);
  return {
    examinedOn: dateBetween(ctx, -365, 0), examiner: examiner(ctx), caries, gumCondition,
    oralHygiene: weighted(ctx, [['good', 5], ['fair', 4], ['poor', 1]]), fitness, remarks: faker.helpers.arrayElement(DENTAL_REMARKS),
  };
};

const ACUITY = ['6/6', '6/6', '6/6', '6/9', '6/9', '6/12', '6/18', '6/24', '6/36', '6/60'];

/** Eye examinations: mostly 6/6; defective colour vision or poor acuity is unfit for running duty; high pressure is referred. */
const opthlmotest: Override = (ctx) => {
  const { faker } = ctx;
  const left = faker.helpers.arrayElement(ACUITY);
  const right = faker.helpers.arrayElement(ACUITY);
  const colourVision = weighted(ctx, [['normal', 19], ['defective', 1]]);
  const iop = () => faker.number.float({ min: 10, max: faker.number.int(9) === 0 ? 28 : 21, fractionDigits: 0 });
  const iopLeft = iop();
  const iopRight = iop();
  const poor = (a: string) => Number(a.split('/')[1]) > 12;
  const fitness = iopLeft > 21 || iopRight > 21 ? 'refer' : colourVision === 'defective' || poor(left) || poor(right) ? 'unfit' : 'fit';
  return {
    examinedOn: dateBetween(ctx, -365, 0), examiner: examiner(ctx), visualAcuityLeft: left, visualAcuityRight: right,
    nearVision: faker.helpers.arrayElement(['N6', 'N6', 'N8', 'N10', 'N12']), colourVision, iopLeft, iopRight, fitness,
    remarks: fitness === 'fit' ? 'Fit for duty.' : faker.helpers.arrayElement(EYE_REMARKS),
  };
};

/** Membership cards: a year's validity; status follows the dates. */
const membershipcard: Override = (ctx) => {
  const { faker } = ctx;
  const validFrom = dateBetween(ctx, -500, 60);
  const validTo = addDays(validFrom, 364);
  const expired = validTo < today();
  return {
    cardNumber: `MC${faker.string.numeric(10)}`,
    plan: weighted(ctx, [['basic', 5], ['silver', 3], ['gold', 2]]),
    validFrom, validTo,
    status: expired ? 'expired' : weighted(ctx, [['active', 19], ['cancelled', 1]]),
  };
};

export const PEOPLE_OVERRIDES: Record<string, Override> = { doctor, patients, dentisttest, opthlmotest, membershipcard };
