import { shownKind, type EntityDef } from '../../registry';

/** Fields a CSV export may hold besides the entity's own (every record has them). */
export const SYSTEM_COLUMNS = ['id', 'createdAt', 'updatedAt'] as const;

/** Whether `field` can be a column of `def`'s export: a field anyone who may list it reads; never a write-only one. */
export function exportable(def: EntityDef, field: string): boolean {
  if ((SYSTEM_COLUMNS as readonly string[]).includes(field)) return true;
  return Object.hasOwn(def.fields, field) && !def.fields[field].writeOnly;
}

const ENTITY = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' } as Record<string, string>;
/** Rich text as the words a reader sees: a spreadsheet shows markup as noise. */
const plainText = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (m) => ENTITY[m]).replace(/\s+/g, ' ').trim();

/**
 * A record's value of one column as CSV text (before quoting): a reference by its title (the labels attachLabels gave
 * the page), several joined by "; ", an enum as its value, money as a plain number with two decimals, dates and
 * times in ISO form (the database's own: YYYY-MM-DD, an ISO instant in UTC), yes/no as true/false. `numeric` says
 * the text is a number this function wrote (crud/csv.ts leaves a leading minus of those alone).
 */
export function cellValue(def: EntityDef, field: string, record: Record<string, unknown>): { text: string; numeric: boolean } {
  const v = record[field];
  if (field === 'id') return { text: String(v), numeric: true };
  const fd = def.fields[field];
  if (!fd) return { text: v === null || v === undefined ? '' : String(v), numeric: false }; // createdAt, updatedAt
  const labels = (record._labels ?? {}) as Record<string, unknown>;
  if (v === null || v === undefined || v === '') return { text: '', numeric: false };
  switch (shownKind(fd)) {
    case 'ref': return { text: String(labels[field] ?? `#${v}`), numeric: false };
    case 'refs': return { text: ((labels[field] as string[] | undefined) ?? (v as unknown[]).map((id) => `#${id}`)).join('; '), numeric: false };
    case 'money': return { text: Number(v).toFixed(2), numeric: true };
    case 'int': case 'decimal': return { text: String(Number(v)), numeric: true };
    case 'bool': return { text: v ? 'true' : 'false', numeric: false };
    case 'richText': return { text: plainText(String(v)), numeric: false };
    case 'list': return { text: JSON.stringify(v), numeric: false };
    default: return { text: String(v), numeric: false };
  }
}
