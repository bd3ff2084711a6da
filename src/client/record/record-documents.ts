import { fileFieldsOf, type EntityDef } from '../../registry';

/** One document of a record: a file or image field's value, or one item's file in a list of them (a verification's). */
export interface RecordDocument {
  /** Where it is kept (the field's value): names it among the record's documents. */
  address: string;
  /** What the record calls it: the item's title, else the file's name (or the field's label, given by the caller). */
  title: string;
  /** How the console shows it: a PDF in a frame, an image as an image; anything else it cannot show. */
  kind: 'pdf' | 'image' | 'other';
  /** The field holding it, for a title when the record gives none. */
  field: string;
}

const IMAGE = /\.(png|jpe?g|gif|webp)$/i;

export function documentKind(address: string): RecordDocument['kind'] {
  if (/\.pdf$/i.test(address)) return 'pdf';
  return IMAGE.test(address) ? 'image' : 'other';
}

/**
 * The documents of a record, in field order then item order: every file field (images too, when kept as files of a
 * list, as scans are) with a value. An item's title is its first other text field that has one (a document's "Title").
 * A record's own image fields (a photo) are not documents to review and are left out.
 */
export function documentsOf(def: EntityDef, row: Record<string, unknown>): RecordDocument[] {
  const out: RecordDocument[] = [];
  for (const f of fileFieldsOf(def)) {
    if (!f.itemField) {
      if (f.kind !== 'file') continue;
      const v = row[f.field];
      if (typeof v === 'string' && v) out.push({ address: v, title: '', kind: documentKind(v), field: f.field });
      continue;
    }
    const items = Array.isArray(row[f.field]) ? (row[f.field] as Record<string, unknown>[]) : [];
    const item = def.fields[f.field].item ?? {};
    const titleField = Object.keys(item).find((k) => k !== f.itemField && item[k].kind === 'text');
    for (const it of items) {
      const v = it?.[f.itemField];
      if (typeof v !== 'string' || !v) continue;
      const title = titleField && typeof it[titleField] === 'string' ? String(it[titleField]).trim() : '';
      out.push({ address: v, title: title || (v.split('/').pop() ?? v), kind: documentKind(v), field: f.field });
    }
  }
  return out;
}
