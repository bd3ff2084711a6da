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
