import { CONSULTATION_FEES } from '../fake-data/people';
import { REVIEW_COMMENTS, TEST_RESULTS, TICKETS, VERIFICATION_DOCUMENTS, VISIT_REASONS } from '../fake-data/workflows';
import { bySeq, weighted, type Override } from './helpers';

const DAY = 86_400_000;

/** An instant `fromDays`…`toDays` days from now, at a whole minute. */
const instant = (ctx: Parameters<Override>[0], fromDays: number, toDays: number) =>
  new Date(Math.floor((Date.now() + ctx.faker.number.float({ min: fromDays, max: toDays }) * DAY) / 60_000) * 60_000);

/**
 * Values the generic generator cannot know for the workflow records: real reasons, doses, comments and ticket
 * threads, times around today, one test of the chosen kind, documents that are files, a payment not yet paid.
 * The demo seed writes whole histories itself (demo-workflows.ts); these serve the registry-driven tests and the bench.
 */
export const WORKFLOW_OVERRIDES: Record<string, Override> = {
  appointments: (ctx) => {
    const { faker } = ctx;
    const visit = bySeq(VISIT_REASONS, ctx.seq);
    const medicines = ctx.refIds('medicine');
    return {
      mode: weighted(ctx, [['in_clinic', 6], ['video', 3], ['home', 1]]),
      scheduledAt: instant(ctx, 0.1, 21).toISOString(),
      durationMinutes: faker.helpers.arrayElement([15, 15, 20, 30]),
      reason: visit.reason,
      fee: faker.helpers.arrayElement(CONSULTATION_FEES),
      prescription: medicines.length ? visit.medicines.map(([, dose, days]) => ({ medicine: faker.helpers.arrayElement(medicines), dose, days })) : [],
      advice: null,
    };
  },
  payment: (ctx) => {
    const { faker } = ctx;
    const method = weighted(ctx, [['upi', 4], ['card', 2], ['cash', 2], ['wallet', 1], ['netbanking', 1]]);
    return {
      amount: faker.helpers.arrayElement(CONSULTATION_FEES), method,
      gatewayRef: method === 'cash' ? null : `pay_${faker.string.alphanumeric({ length: 14 })}`,
      initiatedAt: instant(ctx, -6, 0).toISOString(),
    };
  },
  invoices: (ctx) => {
    const { faker } = ctx;
    const visit = bySeq(VISIT_REASONS, ctx.seq);
    const items = [{ description: 'Consultation', sac: '9993', qty: 1, unitPrice: faker.helpers.arrayElement(CONSULTATION_FEES), taxRate: 0 }];
    if (visit.test) items.push({ description: visit.test.name, sac: '9993', qty: 1, unitPrice: faker.helpers.arrayElement([80, 300, 450, 600]), taxRate: 18 });
    return { items, issuedAt: instant(ctx, -90, 0).toISOString(), sellerGstin: '27AAAAA0000A1Z2' };
  },
  reviews: (ctx) => {
    const rating = weighted(ctx, [[5, 50], [4, 28], [3, 10], [2, 6], [1, 6]]);
    return { rating, comment: ctx.faker.helpers.arrayElement(REVIEW_COMMENTS[rating]) };
  },
  fmctests: (ctx, base) => {
    const { faker } = ctx;
    const kind = faker.helpers.arrayElement(['kiosk', 'lab', 'imaging'] as const);
    const refs = { kioskTest: ctx.refIds('atmmaster'), labTest: ctx.refIds('udctest'), imagingTest: ctx.refIds('imagingmaster') };
    const field = { kiosk: 'kioskTest', lab: 'labTest', imaging: 'imagingTest' }[kind] as keyof typeof refs;
    const performedAt = instant(ctx, -60, 14);
    const status = performedAt.getTime() > Date.now() ? 'scheduled' : weighted(ctx, [['completed', 9], ['cancelled', 1]]);
    const n = (min: number, max: number, digits = 0) => faker.number.float({ min, max, fractionDigits: digits }).toFixed(digits);
    return {
      kind, kioskTest: null, labTest: null, imagingTest: null, [field]: refs[field].length ? faker.helpers.arrayElement(refs[field]) : base[field],
      performedAt: performedAt.toISOString(), status,
      values: status === 'completed' ? faker.helpers.arrayElement(Object.values(TEST_RESULTS))(n) : null,
    };
  },
  payout: (ctx) => {
    const gross = ctx.faker.number.int({ min: 20_000, max: 400_000 });
    const month = ctx.faker.date.between({ from: '2025-01-01', to: '2026-11-01' });
    return { period: month.toISOString().slice(0, 7), gross, commission: Math.round(gross * 0.15 * 100) / 100, reference: null };
  },
  requestVerification: (ctx) => ({
    documents: VERIFICATION_DOCUMENTS.slice(0, ctx.faker.number.int({ min: 1, max: 3 }))
      .map((title, i) => ({ title, file: `content/uploads/demo/verification-${ctx.seq}-${i + 1}.pdf` })),
  }),
  supportTicket: (ctx) => {
    const story = bySeq(TICKETS, ctx.seq);
    return {
      subject: story.subject, description: story.description, priority: weighted(ctx, [['low', 3], ['medium', 5], ['high', 3], ['urgent', 1]]),
    };
  },
};
