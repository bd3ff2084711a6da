import { COLUMN_WIDTH, shownKind, type EntityDef, type FieldDef } from '../../registry';

/**
 * The width of every list column, from what its field holds (the registry's field kinds), never written per entity:
 * a phone number or an appointment number is shown whole, a status or a yes/no takes no more than its badge, money
 * and numbers line up on the right. Read by the generic list (list-screen.tsx) for its columns, its resize handles'
 * bounds and its reset; the user's own widths (preferences) are clamped to the same bounds.
 */

export interface ColumnSpec {
  /** The width shown until the user sets one (px). */
  width: number;
  /** The narrowest the user may make it (px): still readable. */
  min: number;
  /** Numbers and money on the right, so that digits line up. */
  align: 'start' | 'end';
  /** Takes the room the others leave (at least `width`): the list's longest text. At most one per list. */
  flex: boolean;
}

type Size = Omit<ColumnSpec, 'flex'>;

/** Text widths by the longest value a field accepts: a short name, a title, a sentence. */
function textSize(max: number | undefined): Size {
  const m = max ?? 200;
  if (m <= 80) return { width: 136, min: 100, align: 'start' };
  if (m <= 120) return { width: 160, min: 110, align: 'start' };
  return { width: 200, min: 120, align: 'start' };
}

/**
 * The default width, readable minimum and alignment of one field's column, by its kind. The minimums hold the values
 * staff read whole (a phone number, a date, an appointment number, a status badge) at the console's 14 px, so those
 * columns give up little room when a list is too wide for the screen; names and references (cut with an ellipsis,
 * whole on the record's page) give up the most.
 */
export function kindSize(fd: FieldDef): Size {
  switch (shownKind(fd)) {
    case 'phone': return { width: 152, min: 144, align: 'start' }; // +91 98765 43210
    case 'email': return { width: 210, min: 140, align: 'start' };
    case 'url': case 'file': return { width: 180, min: 110, align: 'start' };
    case 'date': return { width: 112, min: 104, align: 'start' }; // 05/03/2025, 2025/03/05
    case 'datetime': return { width: 184, min: 180, align: 'start' }; // 14/12/2026, 12:30 pm
    case 'time': return { width: 84, min: 64, align: 'start' };
    case 'money': return { width: 124, min: 110, align: 'end' }; // ₹1,00,000.00
    case 'int': return { width: 88, min: 60, align: 'end' };
    case 'decimal': return { width: 100, min: 72, align: 'end' };
    case 'enum': return { width: 124, min: 116, align: 'start' }; // a status badge: "Rescheduled"
    case 'bool': return { width: 80, min: 64, align: 'start' };
    // Codes and numbers staff quote (APT-2025-000123); a short code (a council's initials) needs less.
    case 'code': return (fd.max ?? 40) <= 20 ? { width: 100, min: 76, align: 'start' } : { width: 148, min: 144, align: 'start' };
    case 'ref': return { width: 160, min: 110, align: 'start' };
    case 'refs': return { width: 200, min: 120, align: 'start' };
    case 'list': return { width: 72, min: 56, align: 'end' }; // a count of items
    case 'image': return { width: 64, min: 56, align: 'start' };
    case 'longText': case 'richText': return { width: 240, min: 140, align: 'start' };
    default: return textSize(fd.max);
  }
}

/** The column that takes the spare room: the first long text, else the text field of the longest values, else the first reference. */
function flexColumn(def: EntityDef, fields: readonly string[]): string | undefined {
  const kinds = fields.map((f) => [f, shownKind(def.fields[f])] as const);
  const long = kinds.find(([, k]) => k === 'longText' || k === 'richText');
  if (long) return long[0];
  const texts = kinds.filter(([, k]) => k === 'text');
  if (texts.length) return texts.reduce((best, cur) => ((def.fields[cur[0]].max ?? 200) > (def.fields[best[0]].max ?? 200) ? cur : best))[0];
  return kinds.find(([, k]) => k === 'ref' || k === 'refs')?.[0];
}

/** Every column of the list (in `fields`, the ones shown, in order) with its width, bounds, alignment and the flexible one. */
export function columnSpecs(def: EntityDef, fields: readonly string[] = def.columns): Record<string, ColumnSpec> {
  const flex = flexColumn(def, fields);
  return Object.fromEntries(fields.map((f) => [f, { ...kindSize(def.fields[f]), flex: f === flex }]));
}

/** A width the user asked for, kept within the column's readable minimum and the preferences' maximum. */
export function clampWidth(spec: Pick<ColumnSpec, 'min'>, width: number): number {
  return Math.round(Math.min(COLUMN_WIDTH.max, Math.max(spec.min, COLUMN_WIDTH.min, width)));
}

/**
 * The widths shown when the list's preferred widths do not fit the room it has: the columns the user has not sized
 * give up room in proportion to what they have above their minimum, down to it (then the list scrolls sideways).
 * Widths the user set and the pinned first column keep theirs. Whole pixels; what fits is returned as given.
 */
export function fitWidths(columns: readonly { field: string; width: number; min: number; keep: boolean }[], room: number): Record<string, number> {
  const out = Object.fromEntries(columns.map((c) => [c.field, c.width]));
  const excess = columns.reduce((sum, c) => sum + c.width, 0) - room;
  const give = columns.filter((c) => !c.keep && c.width > c.min);
  const slack = give.reduce((sum, c) => sum + c.width - c.min, 0);
  if (excess <= 0 || slack <= 0) return out;
  const share = Math.min(1, excess / slack);
  for (const c of give) out[c.field] = Math.max(c.min, Math.floor(c.width - (c.width - c.min) * share));
  return out;
}
