import type { EntityDef } from '../../registry';
import type { RecordRef } from '../../../commands';
import type { Row } from '../api/entities';
import { sayRecord } from '../api/search';

/** A row as commands act on it (commands/screen.ts): its id, the version a write names, its status, its name. */
export function recordRef(def: EntityDef, row: Row): RecordRef {
  const field = def.workflow?.field;
  return { id: row.id, version: row.version, status: field ? String(row[field]) : undefined, title: sayRecord(def, row) };
}
