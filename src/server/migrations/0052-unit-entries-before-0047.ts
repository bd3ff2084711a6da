import { sql } from 'kysely';
import type { DB } from '../db/connection';

/**
 * An import or a bulk action made before each began with an entry of its own (the log's unit, docs/decisions.md "An
 * import and a bulk action in the activity log") has its rows folded out of the log with nothing to open them: here it
 * gets that entry, from what its own row already holds (who, when, the entity, the rows of the file; a bulk action's
 * operation and field), as the code writes it now. The address it came from is the one its rows' entries carry (all
 * written from the same request's actor); none when it wrote no row. The log is only ever added to: the entries are
 * appended (dated when the unit began, as the demo data's are) and chained by the sealer like any other.
 */
export async function up(db: DB): Promise<void> {
  await sql`insert into audit_log (at, actor_id, entity, action, changes, address)
    select r.created_at, r.created_by, r.entity, 'import', jsonb_build_object('run', r.id, 'rows', r.total),
      (select a.address from audit_log a where a.changes ? 'import' and (a.changes ->> 'import')::int = r.id order by a.id limit 1)
    from import_run r
    where not exists (select 1 from audit_log a where a.action = 'import' and (a.changes ->> 'run')::int = r.id)
    order by r.id`.execute(db);
  await sql`insert into audit_log (at, actor_id, entity, action, changes, address)
    select b.created_at, b.created_by, b.entity, 'bulk', jsonb_strip_nulls(jsonb_build_object('action', b.id, 'op', b.op, 'field', b.field)),
      (select a.address from audit_log a where a.changes ? 'bulk' and (a.changes ->> 'bulk')::int = b.id order by a.id limit 1)
    from bulk_action b
    where not exists (select 1 from audit_log a where a.action = 'bulk' and (a.changes ->> 'action')::int = b.id)
    order by b.id`.execute(db);
}
