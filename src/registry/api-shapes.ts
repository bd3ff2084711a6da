/**
 * The shapes of answers that the client and the server share and the registry's types do not already give
 * (the client and the server never import each other).
 */

/**
 * One line of a record's history. A record that refers to it (`what: 'record'`), or an entry of the audit log
 * (`what: 'audit'`): of the record itself, or a change to a record that refers to it (an appointment completed).
 * An audit line says who (`actor`, null for the system) and what: `changes` in the activity log's form, a field
 * whose old value is known as { from, to }, else the value written.
 */
export interface TimelineEvent {
  at: string;
  entity: string;
  id: number;
  title: string;
  what: 'record' | 'audit';
  action?: string;
  actor?: { id: number; name: string } | null;
  changes?: Record<string, unknown>;
  reason?: string;
  worklist?: string;
}

/** One entry of the activity log (GET /api/fmc/fmclogs): who did what to which record, and from where. */
export interface LogRow {
  id: number;
  at: string;
  actor: { id: number; name: string } | null;
  entity: string;
  record: { id: number; title: string | null } | null;
  action: string;
  changes: Record<string, unknown> | null;
  address: string | null;
  fmc: number | null;
  /** An import's or a bulk action's one entry (action `import` or `bulk`): the unit as it stands now, its rows folded under it. */
  unit?: LogUnit;
}

/**
 * An import or a bulk action as its log entry shows it: its state and counts read now (they move as it runs), and
 * until when its Undo is offered (null once it cannot be undone: undone, or still running).
 */
export interface LogUnit {
  kind: 'import' | 'bulk';
  id: number;
  state: string;
  /** import: total, done, added, updated, skipped, failed; bulk: done, conflict, refused, in_use. */
  counts: Record<string, number>;
  op?: 'set' | 'delete';
  field?: string | null;
  undoUntil: string | null;
}

/** The titles of the records a page's changes refer to, by entity and id (those the caller may read). */
export type RefTitles = Record<string, Record<number, string>>;

/** The audit actions a revert can put back: an edit, or a revert (itself an edit). */
export const REVERTIBLE_ACTIONS: readonly string[] = ['update', 'revert'];

/**
 * Every action the audit log records (audit_log.action), besides a workflow's `transition:{move}` and its undo
 * `transition-undo:{move}`: the server's audit writers take only these (audit/audit.ts), and the activity log offers and
 * names them (client record/log-actions.ts).
 */
export const AUDIT_ACTIONS = ['create', 'update', 'revert', 'delete', 'restore', 'import', 'bulk', 'comment', 'remind', 'book', 'cancel_booking', 'upload', 'backup', 'signup',
  'sign_in_refused', 'sign_in_linked', 'session_end', 'mfa_enrol', 'mfa_remove', 'mfa_reset',
  'read', 'read_list', 'read_search', 'read_pick', 'read_history', 'read_timeline', 'read_pdf', 'read_export', 'read_worklist', 'read_drpatient', 'read_bookings', 'read_dashboard', 'read_access'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number] | `transition:${string}` | `transition-undo:${string}`;
