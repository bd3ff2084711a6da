/**
 * Statuses and transitions (docs/decisions.md#statuses-and-transitions), declared on an entity next to its fields. From this one declaration
 * come the status routes and sidebar entries (derive/routes.ts), the commands (commands/workflow.ts), the
 * buttons on the details page and the bulk bar, the server's transition endpoint (server/crud/transition.ts)
 * and the tests. The status field is moved only by transitions: no payload of add or edit carries it.
 */
export interface Transition {
  /** The command and button name, e.g. `complete`; its label is i18n `transition.{entity}.{name}`. */
  name: string;
  from: readonly string[];
  to: string;
  /** A reason must be given (a cancellation, a rejected verification). */
  reason?: boolean;
  /**
   * Fields the move also writes, in the same statement: `$now` (the time of the move), `$reason` (the reason
   * given), `$actor` (the user who moved it), or a fixed value.
   */
  sets?: Readonly<Record<string, '$now' | '$reason' | '$actor' | string | null>>;
  /** Fields the user gives with the move (a reschedule's new time), validated by their field schemas, required. */
  input?: readonly string[];
  /** The policy action whose roles may make this move; by default whoever may edit the record, else open it. */
  action?: string;
  /**
   * The letter that makes the move with Shift (Shift+C completes), on the record in view and on the selected rows:
   * unique within the entity; Shift keeps moves clear of the lists' own letters (c adds, e edits, x selects).
   */
  key?: string;
  /**
   * A review (a verification approved): the console offers the move only once every document of the record (its
   * file fields, fileFieldsOf) was opened on its page, and then asks for confirmation naming the record that the
   * reference `names` points to (the doctor verified). The reviewer's care, kept by the details page
   * (client/record/record-moves.tsx); the server's rule stays who may move and from where.
   */
  review?: { names: string };
  /**
   * The move cannot be taken back (what it sets off lasts: a tax invoice issued). The console asks first, naming the
   * record and saying this consequence (i18n `irreversible.{value}`); the server refuses to undo it. Every
   * other move can be undone for a while by whoever made it (POST …/transition/undo, server/crud/transition-undo.ts).
   */
  irreversible?: 'issuesInvoice' | 'voidsInvoice' | 'sendsCampaign';
  /** The move's harm lasts: it needs its person to have proved who they are within STEP_UP_MINUTES (server/auth/step-up.ts). */
  stepUp?: boolean;
  /**
   * A datetime field of the record: the move is allowed only once that day has come where the centres are
   * (`CENTRE_TIME_ZONE`). An appointment is completed or marked missed on its day or after, never weeks ahead.
   */
  notBefore?: string;
  /**
   * The record the reference `ref` names must not be in one of these statuses of its own workflow (a payment is not
   * completed for an appointment that was cancelled). Checked by the server in the move's transaction.
   */
  refNotIn?: { ref: string; statuses: readonly string[] };
}

export interface Workflow {
  /** An enum field of the entity. */
  field: string;
  /** The status a new record starts in. */
  initial: string;
  transitions: readonly Transition[];
  /**
   * Every move also writes the new status to `field` of the record the reference `ref` names (a verification request's
   * status is its doctor's verificationStatus), in the same transaction: that field is then this workflow's alone.
   */
  mirror?: { ref: string; field: string };
}

/**
 * A list by status (spec: `appointments/{status}`): one route, sidebar entry and command per view.
 * `filters` are fixed filters of the view; `recent` keeps the records whose `field` falls in the last `days` days.
 */
export interface ListView {
  segment: string;
  filters?: Readonly<Record<string, string>>;
  recent?: { field: string; days: number };
}
