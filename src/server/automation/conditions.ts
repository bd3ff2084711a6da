import type { EntityDef } from '../../registry';

/** One condition of a rule: the record's `field` compared with `value` (entities/automation.ts's CONDITION_OPS). */
export interface Condition { field: string; op: string; value?: string | null }

const blank = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** A value as a rule compares it: lists by their items, the rest as text, without case. */
const texts = (v: unknown): string[] => (Array.isArray(v) ? v : [v]).filter((x) => !blank(x)).map((x) => String(x).trim().toLowerCase());

/**
 * Whether the record meets every condition. Numbers and money compare as numbers, dates and moments as their ISO text
 * (which orders them), the rest as text without case; `is` of a reference or an enum compares its stored value (an id,
 * a status). A condition on a field the entity no longer has is not met: a rule never fires on what it cannot read.
 */
export function meetsConditions(def: EntityDef, record: Record<string, unknown>, conditions: readonly Condition[]): boolean {
  return conditions.every((c) => {
    const fd = def.fields[c.field];
    if (!fd || fd.writeOnly) return false;
    const v = record[c.field];
    const want = String(c.value ?? '').trim().toLowerCase();
    const numeric = ['int', 'decimal', 'money'].includes(fd.kind);
    switch (c.op) {
      case 'isEmpty': return blank(v);
      case 'isNotEmpty': return !blank(v);
      case 'is': return texts(v).includes(want);
      case 'isNot': return !texts(v).includes(want);
      case 'contains': return texts(v).some((t) => t.includes(want));
      case 'atLeast':
      case 'atMost': {
        if (blank(v)) return false;
        const [a, b] = numeric ? [Number(v), Number(c.value)] : [String(v), String(c.value ?? '')];
        if (numeric && (Number.isNaN(a) || Number.isNaN(b))) return false;
        return c.op === 'atLeast' ? a >= b : a <= b;
      }
      default: return false;
    }
  });
}
