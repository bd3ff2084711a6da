import { sql } from 'kysely';
import { canReadRecord, columnName, getEntity, type EntityDef, type FieldDef, type Role } from '../../registry';
import en from '../../words/entity-labels/en';
import zh from '../../words/entity-labels/zh';
import es from '../../words/entity-labels/es';
import fr from '../../words/entity-labels/fr';
import it from '../../words/entity-labels/it';
import type { DB } from '../db/connection';
import { ident } from '../db/entity-table';

const LABEL_SETS = [en, zh, es, fr, it] as Record<string, { fields?: Record<string, string> }>[];
const norm = (s: string) => s.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * Each column's field: the mapping given (column header → field name, '' to ignore), else the field whose name or
 * label in any of the five languages is the header. Unmatched columns are ignored; a column named as a field that the
 * server owns is kept, so that its rows are refused as a form would refuse it.
 */
export function matchColumns(def: EntityDef, header: readonly string[], mapping: Record<string, string> = {}): (string | null)[] {
  const byWord = new Map<string, string>();
  for (const k of Object.keys(def.fields)) {
    byWord.set(norm(k), k);
    for (const set of LABEL_SETS) { const label = set[def.name]?.fields?.[k]; if (label && !byWord.has(norm(label))) byWord.set(norm(label), k); }
  }
  return header.map((h) => {
    if (h in mapping) return mapping[h] && def.fields[mapping[h]] ? mapping[h] : null;
    return byWord.get(norm(h)) ?? null;
  });
}

/** A reference's cell: a record number (id), the target's title, or a patient's phone for a role that may read it. */
async function findRef(db: DB, target: EntityDef, text: string, role: Role | null): Promise<number | string> {
  if (/^[1-9][0-9]{0,9}$/.test(text) && Number(text) <= 2_147_483_647) return Number(text);
  const table = sql.raw(ident(target.table));
  const title = sql.join(target.titleFields.map((k) => sql.raw(`coalesce(t.${ident(columnName(k, target.fields[k]))}::text, '')`)), sql` || ' ' || `);
  let rows = (await sql<{ id: number }>`select id from ${table} t where lower(trim(${title})) = lower(${text}) limit 2`.execute(db)).rows;
  const phone = Object.entries(target.fields).find(([, fd]) => fd.kind === 'phone');
  if (!rows.length && phone && (role === null || canReadRecord(role, target.name))) {
    rows = (await sql<{ id: number }>`select id from ${table} t where ${sql.raw(`t.${ident(columnName(phone[0], phone[1]))}`)} = ${text} limit 2`.execute(db)).rows;
  }
  if (rows.length === 1) return Number(rows[0].id);
  return rows.length ? `"${text}" names more than one record` : `No record is named "${text}"`;
}

/** Numbers as the filters read them: group separators and a currency sign dropped, a decimal comma taken. */
function number(text: string): number | string {
  const t = text.replace(/[₹$€\s]/g, '').replace(/,(\d{3})(?!\d)/g, '$1').replace(',', '.');
  const n = Number(t);
  return t !== '' && Number.isFinite(n) ? n : text;
}

/** A cell as the form's value: the zod schema then judges it exactly as it judges a form's. */
async function cellValue(db: DB, fd: FieldDef, text: string, role: Role | null): Promise<{ value?: unknown; error?: string }> {
  if (text === '') return { value: null };
  switch (fd.kind) {
    case 'int': case 'decimal': case 'money': return { value: number(text) };
    case 'bool': return { value: /^(1|true|yes|y|oui|sì|si|sí|是)$/i.test(text) ? true : /^(0|false|no|n|non|否)$/i.test(text) ? false : text };
    case 'date': {
      const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
      return { value: m ? `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}` : text };
    }
    case 'ref': {
      const found = await findRef(db, getEntity(fd.ref!), text, role);
      return typeof found === 'number' ? { value: found } : { error: found };
    }
    case 'refs': {
      const ids: number[] = [];
      for (const part of text.split(/[;|]/).map((p) => p.trim()).filter(Boolean)) {
        const found = await findRef(db, getEntity(fd.ref!), part, role);
        if (typeof found !== 'number') return { error: found };
        ids.push(found);
      }
      return { value: ids };
    }
    default: return { value: text };
  }
}

export interface RowIssue { row: number; field: string | null; message: string }

/** A row as a form's payload, or the issues of cells that name no record. Empty cells are left out (the form's default). */
export async function rowPayload(db: DB, def: EntityDef, fields: readonly (string | null)[], cells: readonly string[], row: number, role: Role | null) {
  const payload: Record<string, unknown> = {};
  const issues: RowIssue[] = [];
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i];
    const text = (cells[i] ?? '').trim();
    if (!field || text === '') continue;
    const fd = def.fields[field];
    const { value, error } = await cellValue(db, fd, text, role);
    if (error) issues.push({ row, field, message: error });
    else payload[field] = value;
  }
  return { payload, issues };
}
