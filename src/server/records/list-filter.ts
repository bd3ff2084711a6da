import { sql, type RawBuilder } from 'kysely';
import { MAX_ID, parseRange, shownKind, type EntityDef } from '../../registry';
import { fail } from '../http';
import { likePattern } from './like-pattern';
import { col } from './columns';

const RANGE_KINDS = new Set(['date', 'datetime', 'money', 'decimal', 'int']);
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `from..to` on a date, time or number field: both ends checked, a date-only end of a timestamp covers its whole day. */
function rangeSql(def: EntityDef, field: string, c: RawBuilder<unknown>, range: { from?: string; to?: string }): RawBuilder<unknown> {
  const kind = shownKind(def.fields[field]);
  const bad = () => fail(400, `Filter ${field} takes a range like 2026-01-01..2026-01-31`, { field: `filter[${field}]`, code: 'invalid_filter' });
  const check = (v: string | undefined) => {
    if (v === undefined) return;
    if (kind === 'date' && !DATE.test(v)) throw bad();
    if (kind === 'datetime' && (!(DATE.test(v) || /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(v)) || Number.isNaN(Date.parse(v)))) throw bad();
    if (!['date', 'datetime'].includes(kind) && !Number.isFinite(Number(v))) throw bad();
  };
  check(range.from);
  check(range.to);
  const parts: RawBuilder<unknown>[] = [];
  const typed = (v: string) => (kind === 'datetime' ? sql`${v}::timestamptz` : kind === 'date' ? sql`${v}::date` : sql`${Number(v)}`);
  if (range.from) parts.push(sql`${c} >= ${typed(range.from)}`);
  if (range.to) parts.push(kind === 'datetime' && DATE.test(range.to) ? sql`${c} < ${range.to}::date + 1` : sql`${c} <= ${typed(range.to)}`);
  return sql.join(parts, sql` and `);
}

/** A list's filter (`filter[field]=value`) as SQL on its table `t`; a value the field cannot take answers 400. */
export function filterSql(def: EntityDef, field: string, value: string): RawBuilder<unknown> {
  if (field === 'id') {
    const id = Number(value);
    if (!Number.isInteger(id) || id < 1 || id > MAX_ID) throw fail(400, 'Filter id takes a record id', { field: 'filter[id]', code: 'invalid_filter' });
    return sql`t.id = ${id}`;
  }
  const fd = def.fields[field];
  const c = sql.raw(col(def, field));
  const range = RANGE_KINDS.has(shownKind(fd)) ? parseRange(value) : null;
  if (range) return rangeSql(def, field, c, range);
  const asInt = () => {
    const n = Number(value);
    if (!Number.isInteger(n) || Math.abs(n) > MAX_ID) throw fail(400, `Filter ${field} takes a whole number`, { field: `filter[${field}]`, code: 'invalid_filter' });
    return n;
  };
  // Several records, `3,7`: one of them (the caller's centres, as `@mycentre` reads: list-words.ts).
  if ((fd.kind === 'ref' || fd.kind === 'refs') && /^\d{1,10}(,\d{1,10}){1,199}$/.test(value)) {
    const ids = value.split(',').map(Number);
    if (ids.some((n) => n > MAX_ID)) throw fail(400, `Filter ${field} takes record ids`, { field: `filter[${field}]`, code: 'invalid_filter' });
    return fd.kind === 'ref' ? sql`${c} = any(${ids}::int[])` : sql`${c} && ${ids}::int[]`;
  }
  switch (fd.kind) {
    case 'ref': case 'int': return sql`${c} = ${asInt()}`;
    case 'refs': return sql`${asInt()} = any(${c})`;
    case 'bool': return sql`${c} = ${value === 'true'}`;
    case 'enum':
      if (!fd.values!.includes(value)) throw fail(400, `Filter ${field} takes one of ${fd.values!.join(', ')}`, { field: `filter[${field}]`, code: 'invalid_filter' });
      return sql`${c} = ${value}`;
    case 'date': case 'datetime': case 'money': case 'decimal': return sql`${c} = ${value}`;
    default: return sql`${c} ilike ${likePattern(value)}`;
  }
}
