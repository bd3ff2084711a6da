import type { EntityDef } from './entity';

/**
 * Fields an import may fill: every field a form writes (not computed, not a list, not a write-only secret). The server
 * reads a file's columns into these (server/import/rows.ts); the console's mapping step offers them.
 */
export const importable = (def: EntityDef): string[] =>
  Object.entries(def.fields).filter(([, fd]) => fd.kind !== 'computed' && fd.kind !== 'list' && fd.kind !== 'secret').map(([k]) => k);

/** The most rows one import takes (the console says so before a file is chosen; the server refuses more). */
export const IMPORT_MAX_ROWS = 50_000;
