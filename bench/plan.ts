import type { EntityDef, FieldDef } from '../src/registry';

/**
 * How many rows each entity gets. People are fixed by the brief; the big records of daily work share
 * OTHER_ROWS by weight; masters and catalogues get what a real deployment would have. An entity not named
 * here (one added since) is sized by what it refers to: records of patients or doctors are daily work, the
 * rest master data.
 */
export const PEOPLE: Record<string, number> = { patients: 200_000, doctor: 20_000 };
export const OTHER_ROWS = 1_000_000;

/**
 * Care and money, on top of OTHER_ROWS: two million appointments and their payments (ten visits a patient over
 * two years), and the smaller records made from them: an invoice for one payment in five, a review for one
 * visit in seven, twelve months of payouts for every doctor. The rest are a centre network's worth.
 */
export const CARE: Record<string, number> = {
  appointments: 2_000_000, payment: 2_000_000, invoices: 400_000, reviews: 300_000, payout: 240_000,
  fmctests: 200_000, requestVerification: 20_000, supportTicket: 20_000,
};

/** Shares of OTHER_ROWS left after the fixed sizes below. */
const WEIGHTS: Record<string, number> = {
  membershipcard: 30, fmcslots: 25, dentisttest: 12, opthlmotest: 12, callibrationInventory: 10,
};
const UNKNOWN_WORK_WEIGHT = 5;

/** Catalogues and devices: a national network's worth. */
const FIXED: Record<string, number> = {
  fmc: 2_000, g4sfmc: 1_000, addonservices: 6_000, atm: 4_000, atmdevice: 12_000, simirapin: 12_000, ecgkey: 12_000,
  medicine: 5_000, udctest: 2_000, atmmaster: 300, atmgroup: 500, rangemaster: 1_000, notification: 2_000,
  imglocation: 500, imagingmaster: 1_000, imgtesttype: 60, callibrationInventoryMaster: 40, dietsheet: 60,
  addonservicesmaster: 40, specialitys: 120, department: 40, educational_categorymaster: 40, registerCouncil: 40,
  relationships: 20, experience: 10, followupPeriod: 10, features: 20, faq: 60, contactUs: 10, atmgroupmaster: 30,
};
const UNKNOWN_MASTER_ROWS = 50;
/** Content pages and the like: a handful of versions. */
const SINGLETON_ROWS = 4;

const WORK_TARGETS = Object.keys(PEOPLE);

/** Entities a field points at, including references inside list items (a family member's relationship). */
export function targetsOf(fields: Record<string, FieldDef>): string[] {
  const out: string[] = [];
  for (const fd of Object.values(fields)) {
    if (fd.ref) out.push(fd.ref);
    if (fd.item) out.push(...targetsOf(fd.item));
  }
  return out;
}

/** Entities in an order where each comes after everything it refers to (self references aside). */
export function referenceOrder(entities: readonly EntityDef[]): EntityDef[] {
  const byName = new Map(entities.map((e) => [e.name, e]));
  const done = new Set<string>();
  const out: EntityDef[] = [];
  const visit = (e: EntityDef, path: string[]) => {
    if (done.has(e.name)) return;
    if (path.includes(e.name)) throw new Error(`reference cycle: ${[...path, e.name].join(' → ')}`);
    for (const t of targetsOf(e.fields)) {
      const target = byName.get(t);
      if (target && t !== e.name) visit(target, [...path, e.name]);
    }
    done.add(e.name);
    out.push(e);
  };
  for (const e of entities) visit(e, []);
  return out;
}

function isSingleton(def: EntityDef): boolean {
  // Versioned pages: a title, a body and an effective date, nothing that refers anywhere.
  return 'effectiveFrom' in def.fields && targetsOf(def.fields).length === 0;
}

/** Rows per entity at scale 1, for the entities to be seeded (the others keep what they have). */
export function rowCounts(toSeed: readonly EntityDef[]): Map<string, number> {
  const counts = new Map<string, number>();
  const weights = new Map<string, number>();
  for (const def of toSeed) {
    if (PEOPLE[def.name] !== undefined) counts.set(def.name, PEOPLE[def.name]);
    else if (CARE[def.name] !== undefined) counts.set(def.name, CARE[def.name]);
    else if (WEIGHTS[def.name] !== undefined) weights.set(def.name, WEIGHTS[def.name]);
    else if (FIXED[def.name] !== undefined) counts.set(def.name, FIXED[def.name]);
    else if (isSingleton(def)) counts.set(def.name, SINGLETON_ROWS);
    else if (targetsOf(def.fields).some((t) => WORK_TARGETS.includes(t))) weights.set(def.name, UNKNOWN_WORK_WEIGHT);
    else counts.set(def.name, UNKNOWN_MASTER_ROWS);
  }
  const fixedOthers = [...counts].filter(([n]) => PEOPLE[n] === undefined && CARE[n] === undefined).reduce((s, [, c]) => s + c, 0);
  const totalWeight = [...weights.values()].reduce((s, w) => s + w, 0);
  const share = Math.max(0, OTHER_ROWS - fixedOthers);
  for (const [name, w] of weights) counts.set(name, Math.round((share * w) / totalWeight));
  return counts;
}

/** Scaled counts: never below one row, and masters never below a usable handful. */
export function scaled(count: number, scale: number): number {
  return Math.max(Math.min(count, 10), Math.round(count * scale), 1);
}
