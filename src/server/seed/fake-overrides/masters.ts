import { CAMPAIGNS, CONTACT_POINTS, CONTENT_PAGES, FAQS, FEATURES } from '../fake-data/content';
import { ADDON_SERVICE_TYPES, COUNCILS, DEPARTMENTS, DIET_SHEETS, EXPERIENCE_RANGES, FOLLOWUP_PERIODS, QUALIFICATIONS, RELATIONSHIPS, SUB_SPECIALITIES } from '../fake-data/masters';
import { addDays, bySeq, dateBetween, paragraphs, uniqueSuffix, weighted, type Override } from './helpers';

const mostlyActive = (ctx: Parameters<Override>[0]) => weighted(ctx, [['active', 9], ['inactive', 1]]);

/** Master data cycles through real lists by seq; codes that must be unique get a suffix (the demo seed sets the plain code). */
const masters: Record<string, Override> = {
  specialitys: (ctx) => {
    const [speciality, name] = bySeq(SUB_SPECIALITIES, ctx.seq);
    return { name, description: `A sub-speciality of ${speciality}.`, status: mostlyActive(ctx) };
  },
  experience: (ctx) => {
    const [label, minYears, maxYears] = bySeq(EXPERIENCE_RANGES, ctx.seq);
    return { label, minYears, maxYears, status: 'active' };
  },
  registerCouncil: (ctx) => {
    const [name, shortName, , website] = bySeq(COUNCILS, ctx.seq);
    return { name, shortName, website, status: 'active' };
  },
  followupPeriod: (ctx) => {
    const [label, days] = bySeq(FOLLOWUP_PERIODS, ctx.seq);
    return { label, days, status: 'active' };
  },
  // Every state has its GST code (the reference data's all do); a made-up one of two digits.
  state: (ctx) => ({ gstCode: ctx.faker.string.numeric(2) }),
  relationships: (ctx) => ({ name: bySeq(RELATIONSHIPS, ctx.seq), status: 'active' }),
  department: (ctx) => {
    const [name, code] = bySeq(DEPARTMENTS, ctx.seq);
    return { name, code: `${code}-${uniqueSuffix(ctx)}`, description: `The ${name.toLowerCase()} department.`, status: mostlyActive(ctx) };
  },
  educational_categorymaster: (ctx) => {
    const [name, level] = bySeq(QUALIFICATIONS, ctx.seq);
    return { name, level, status: 'active' };
  },
  features: (ctx) => {
    const [title, description] = bySeq(FEATURES, ctx.seq);
    return { title, description, icon: null, sortOrder: ((ctx.seq % 1000) + 1) * 10, published: ctx.faker.number.int(9) > 0 };
  },
  addonservicesmaster: (ctx) => {
    const [name, description, sac, gstRate] = bySeq(ADDON_SERVICE_TYPES, ctx.seq);
    return { name, description, sac, gstRate, status: 'active' };
  },
  dietsheet: (ctx) => ({ ...bySeq(DIET_SHEETS, ctx.seq) }),
  faq: (ctx) => ({ ...bySeq(FAQS, ctx.seq), sortOrder: ((ctx.seq % 1000) + 1) * 10, published: ctx.faker.number.int(9) > 0 }),
  contactUs: (ctx) => ({ ...bySeq(CONTACT_POINTS, ctx.seq), published: true }),
  /**
   * Campaigns: drafts (the status is the workflow's, moved by "Schedule…" and "Send now", then by the sender), each
   * with a send time ahead, ready to be scheduled.
   */
  /** Rules: a ticket raised tells a named person, switched off (a fake rule must never tell anyone of the demo's work). */
  automation: (ctx) => ({
    name: `Tell someone of new tickets ${uniqueSuffix(ctx)}`, entity: 'supportTicket', when: 'created', status: null, conditions: [],
    notify: 'person', roles: [], person: ctx.refIds('admin-user')[0] ?? null, channel: 'inbox', message: 'New ticket: {subject}', enabled: false,
  }),
  notification: (ctx) => {
    const hour = ctx.faker.helpers.arrayElement(['04:30', '06:30', '12:30']); // 10:00, 12:00 and 18:00 IST
    // To everyone of its audience: a saved view is someone's own, never a number made up.
    return { ...bySeq(CAMPAIGNS, ctx.seq), scheduledAt: `${dateBetween(ctx, 1, 30)}T${hour}:00.000Z`, patientView: null };
  },
};

/**
 * Content pages: seq 0 is the published version in force for everyone; later seqs are drafts of the next
 * version, in force from a later date.
 */
function contentPage(key: string): Override {
  return (ctx) => {
    const page = CONTENT_PAGES[key];
    const current = ctx.seq % 2 === 0;
    return {
      title: page.title,
      body: paragraphs(current ? page.paragraphs : [...page.paragraphs, 'This revision takes effect on the date shown above.']),
      audience: key === 'atmterms' ? 'patient' : 'all',
      effectiveFrom: current ? '2025-04-01' : addDays('2026-04-01', ctx.seq),
      published: current,
    };
  };
}

for (const key of Object.keys(CONTENT_PAGES)) masters[key] = contentPage(key);

export const MASTER_OVERRIDES = masters;
