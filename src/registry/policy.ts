import { ROLES, type Role } from './roles';

/**
 * The access policy: a transcription of every row of the spec's route table (spec §2), with the
 * open points settled in docs/decisions.md#routes-and-roles. resource × action → roles.
 *
 * An empty list means "every signed-in role" (spec §2 access rule); a missing action means nobody.
 * Read by: generated routes, the sidebar, the command registry, and the server's guard on every call.
 * `policy.test.ts` holds this object against the table in spec-route-table.md (the spec's route table, copied verbatim).
 */
export type Roles = readonly Role[];

const ANY: Roles = [];
const SA: Roles = ['superadmin'];
const SA_A: Roles = ['superadmin', 'admin'];
const SA_RAIL: Roles = ['superadmin', 'railway'];
const SA_A_RAIL: Roles = ['superadmin', 'admin', 'railway'];
const FMC_ALL: Roles = ['superadmin', 'admin', 'fmc', 'doctor'];
const FMC_OWN: Roles = ['superadmin', 'fmc', 'doctor'];

/** The four actions of spec §2's pattern: list at {name}, {name}/add, {name}/edit/{id}, {name}/details/{id}. */
function crud(roles: Roles) {
  return { list: roles, add: roles, edit: roles, details: roles } as const;
}

/** Route group "speciality, languages, roles, … ecgkey": master data for superadmin and admin. */
export const MASTER_RESOURCES = [
  'speciality', 'languages', 'roles', 'notification', 'experience', 'registerCouncil', 'followupPeriod',
  'state', 'city', 'pincode', 'features', 'about', 'vision', 'faq', 'contactUs', 'privacyPolicy',
  'cancelRefundPolicy', 'relationships', 'department', 'atmterms', 'simirapin', 'educational_categorymaster',
  'specialitys', 'ecgkey',
] as const;

/** Route group "atmmaster, … rangemaster": kiosk and inventory masters, superadmin only. */
export const KIOSK_RESOURCES = [
  'atmmaster', 'atmgroupmaster', 'atmgroup', 'callibrationInventoryMaster', 'callibrationInventory',
  'addonservices', 'addonservicesmaster', 'g4sfmc', 'atmdevice', 'dietsheet', 'rangemaster',
] as const;

const master = Object.fromEntries(MASTER_RESOURCES.map((r) => [r, crud(SA_A)]));
const kiosk = Object.fromEntries(KIOSK_RESOURCES.map((r) => [r, crud(SA)]));

export const POLICY = {
  home: { view: ANY },
  ...master,
  // "no role restriction in route": list and details for every role; changes stay with superadmin and admin (docs/decisions.md#routes-and-roles).
  doctor: { list: ANY, details: ANY, add: SA_A, edit: SA_A },
  'admin-user': crud(SA_A),
  // The access report (who read or changed a patient's data) is the superadmin's: an audit of the staff who use the console.
  patients: { list: SA_A, profile: SA_A, timeline: SA_A, view: SA_A, access: SA },
  appointments: { list: SA_A, view: SA_A },
  reviews: { list: SA_A },
  userProfile: { view: SA_A },
  requestVerification: { list: SA, view: SA },
  payment: { list: SA_A },
  // payment/doctor/list: the doctors' payouts, a record of their own.
  payout: { list: SA_A },
  // Voiding an invoice cancels a tax document already given to the patient: the superadmin's, with a reason (docs/decisions.md#routes-and-roles).
  invoices: { list: SA_A, details: SA_A, void: SA },
  notifications: { worklist: SA_A },
  // Rules that tell people of what happens (issue 37 §4): they reach anyone's inbox, so they are the superadmin's.
  automation: crud(SA),
  // Who is signed in, and ending someone's session with a reason: the superadmin's, as the access report is.
  sessions: { list: SA, end: SA },
  // The scheduler's runs (every campaign's sending, later reminders and rules): watched, retried and cancelled by the superadmin.
  runs: { list: SA, retry: SA, cancel: SA },
  // Reverting a change from a record's history: a new edit of the record (its own edit right is needed too).
  history: { revert: SA_A },
  fmc: { list: FMC_ALL, dashboard: FMC_OWN, details: FMC_ALL, view: FMC_ALL, drpatient: ['superadmin', 'doctor'], add: FMC_OWN, edit: FMC_OWN },
  medprescribed: { list: SA },
  fmclogs: { list: SA },
  fmctests: { list: SA, details: SA },
  // `raise`: add one from a command and a form, without the ticket screens; the raiser then reads their own tickets.
  supportTicket: { list: SA, edit: SA, details: SA, raise: ['superadmin', 'fmc', 'doctor'] },
  fmcslots: crud(FMC_OWN),
  medicine: crud(SA_RAIL),
  udctest: crud(SA_A_RAIL),
  atm: { list: SA_A, add: SA, edit: SA, details: SA },
  ...kiosk,
  imglocation: crud(SA_A_RAIL),
  imgtesttype: crud(SA_A_RAIL),
  imagingmaster: crud(SA_A_RAIL),
  membershipcard: crud(ANY),
  dentisttest: crud(ANY),
  opthlmotest: crud(ANY),
} satisfies Record<string, Partial<Record<string, Roles>>>;

export type Resource = keyof typeof POLICY;
export type Action = 'list' | 'add' | 'edit' | 'details' | 'delete' | (string & {});

/**
 * The roles allowed to perform `action` on `resource`, or undefined when nobody may.
 * Delete is not in the spec's table: it follows edit (who may change a record may remove it).
 */
export function rolesFor(resource: string, action: Action): Roles | undefined {
  const row = (POLICY as Record<string, Partial<Record<string, Roles>>>)[resource];
  if (!row) return undefined;
  if (action === 'delete') return row.delete ?? row.edit;
  return row[action];
}

/**
 * The access rule of spec §2, the one function used by routes, sidebar, commands and the server:
 * a defined list that is empty (every signed-in role) or contains the user's role.
 */
export function canAccess(roles: Roles | undefined, role: Role | undefined | null): boolean {
  if (!roles || !role) return false;
  return roles.length === 0 || roles.includes(role);
}

export function can(role: Role | undefined | null, resource: string, action: Action): boolean {
  return canAccess(rolesFor(resource, action), role);
}

/**
 * Field-level rules (docs/decisions.md#reserved-values-of-a-reference): some values of a reference field are reserved. Only `roles` may give such a
 * value, or change, disable or delete a record that holds one. "Only a superadmin may give the superadmin role,
 * or change, disable or delete a superadmin's account." Read by the server on every write (create, edit,
 * delete) and by the form's pickers, which leave out values the user may not give.
 */
export interface ReservedValues {
  /** The reference field of the guarded entity, e.g. admin-user's `role`. */
  field: string;
  /** The field of the referenced record that names the value, e.g. roles' `key`. */
  key: string;
  values: readonly string[];
  roles: Roles;
}

export const FIELD_RULES: Readonly<Record<string, readonly ReservedValues[]>> = {
  'admin-user': [{ field: 'role', key: 'key', values: ['superadmin'], roles: SA }],
};

export function fieldRulesOf(resource: string): readonly ReservedValues[] {
  return FIELD_RULES[resource] ?? [];
}

/**
 * Roles scoped by centre (docs/decisions.md#scope-by-centre): fmc staff and doctors see only their centres' rows (admin-user `centres`)
 * in every fmc-area list, dashboard, log, booking and search; another centre's record answers 404.
 */
export const CENTRE_SCOPED_ROLES: Roles = ['fmc', 'doctor'];

export function isCentreScoped(role: Role | null | undefined): boolean {
  return !!role && CENTRE_SCOPED_ROLES.includes(role);
}

/** Actions that show one record read-only; whoever holds one of them may fetch the record. */
export const READ_ACTIONS = ['details', 'view', 'profile'] as const;

/**
 * Whether a role may fetch one record: who may open it (details, view, profile); for a resource with no record
 * page at all (payments, reviews: acted on from their lists), who may list it.
 */
export function canReadRecord(role: Role | undefined | null, resource: string): boolean {
  if (READ_ACTIONS.some((a) => rolesFor(resource, a))) return READ_ACTIONS.some((a) => can(role, resource, a));
  return can(role, resource, 'list');
}

/** Who may make a record of `resource`: who may add one from its screens, or raise one from a command (a centre's ticket). */
export function mayCreate(role: Role | undefined | null, resource: string): boolean {
  return can(role, resource, 'add') || can(role, resource, 'raise');
}

/**
 * The roles whose users may be given a record of `resource` (a ticket's assignee, FieldDef.assigned): those who may
 * open it (canReadRecord). A user of another role would be told of it in their inbox and refused when opening it.
 */
export function assignableRoles(resource: string): Role[] {
  return ROLES.filter((r) => canReadRecord(r, resource));
}
