import { sql, type RawBuilder } from 'kysely';
import { columnName, PATIENT_ENTITY, patientFieldsOf, type EntityDef } from '../../registry';
import { ident } from '../db/entity-table';

/**
 * What a read's audit entry holds of each record, in SQL, for the rows (alias `t`) of a statement that reads many at
 * once: its centre and the patients its data is about, as audit/audit.ts `centreOf` and `patientsOf` take them from
 * a record in hand. Here, not in audit/, because the search wing writes its hits' entry in the statement that reads
 * them (search/hit-reads.ts), and it stands below the audit's floor.
 */
export function patientsSql(def: EntityDef): RawBuilder<unknown> {
  if (def.name === PATIENT_ENTITY) return sql`array[t.id]`;
  const parts = patientFieldsOf(def).map((f) => {
    const c = sql.raw(`t.${ident(columnName(f.field, def.fields[f.field]))}`);
    if (f.itemField) return sql`array(select (item ->> ${f.itemField})::int from jsonb_array_elements(coalesce(${c}, '[]'::jsonb)) item where item ? ${f.itemField})`;
    return f.many ? sql`coalesce(${c}, '{}'::int[])` : sql`array_remove(array[${c}]::int[], null)`;
  });
  return parts.length ? sql.join(parts, sql` || `) : sql`null::int[]`;
}

/** The record's centre (alias `t`), by the entity's scope field; null for an entity without one. */
export const centreSql = (def: EntityDef): RawBuilder<unknown> =>
  def.scope === 'id' ? sql`t.id` : def.scope ? sql.raw(`t.${ident(columnName(def.scope, def.fields[def.scope]))}`) : sql`null::int`;
