import type { EntityDef } from '../../registry';
import type { DB } from '../db/connection';
import { revokeUserSessions } from '../auth/sessions';

/**
 * Server-side behaviour that a declaration cannot express: run inside the write's transaction.
 * Keyed by entity name; most entities have none.
 */
export interface EntityHooks {
  /** Values about to be stored (already validated); may add computed columns. */
  beforeWrite?: (db: DB, values: Record<string, unknown>, existing: Record<string, unknown> | null) => Promise<Record<string, unknown>>;
  afterWrite?: (db: DB, record: Record<string, unknown>, existing: Record<string, unknown> | null) => Promise<void>;
}

export const HOOKS: Record<string, EntityHooks> = {
  'admin-user': {
    // Disabling a user ends their sessions at once (DOMAIN.md).
    async afterWrite(db, record, existing) {
      if (existing && record.status !== 'active') await revokeUserSessions(db, Number(record.id));
    },
  },
};

export function hooksOf(def: EntityDef): EntityHooks {
  return HOOKS[def.name] ?? {};
}
