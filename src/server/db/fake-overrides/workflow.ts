import type { Override } from './helpers';

/** Values the generic generator cannot know for the workflow records: one test of the chosen kind, documents that are files. */
export const WORKFLOW_OVERRIDES: Record<string, Override> = {
  fmctests: (ctx, base) => {
    const kind = ctx.faker.helpers.arrayElement(['kiosk', 'lab', 'imaging'] as const);
    const refs = { kioskTest: ctx.refIds('atmmaster'), labTest: ctx.refIds('udctest'), imagingTest: ctx.refIds('imagingmaster') };
    const field = { kiosk: 'kioskTest', lab: 'labTest', imaging: 'imagingTest' }[kind] as keyof typeof refs;
    return { kind, kioskTest: null, labTest: null, imagingTest: null, [field]: refs[field].length ? ctx.faker.helpers.arrayElement(refs[field]) : base[field] };
  },
  payout: (ctx) => {
    const gross = ctx.faker.number.int({ min: 20_000, max: 400_000 });
    const month = ctx.faker.date.between({ from: '2025-01-01', to: '2026-11-01' });
    return { period: month.toISOString().slice(0, 7), gross, commission: Math.round(gross * 0.15 * 100) / 100 };
  },
  requestVerification: (ctx) => ({
    documents: ['Registration certificate', 'Degree certificate', 'Identity proof'].slice(0, ctx.faker.number.int({ min: 1, max: 3 }))
      .map((title, i) => ({ title, file: `content/uploads/demo/verification-${ctx.seq}-${i + 1}.pdf` })),
  }),
};
