import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { assignableRoles, canAccess, can, canReadRecord, POLICY, rolesFor, type Roles } from './policy';
import { ENTITIES } from './entities';
import { ROLES, type Role } from './roles';

/**
 * The policy is held against the route table of the spec, copied verbatim into spec-route-table.md beside this file
 * (the project owns it as data; no file outside the repo is read at test time): every row gives exactly its roles to
 * the policy keys it covers, and every policy key is covered by a row.
 */
const spec = readFileSync(fileURLToPath(new URL('./spec-route-table.md', import.meta.url)), 'utf8');

function routeTable(markdown: string): { cell: string; roles: string }[] {
  const section = markdown.split('### Route table with roles')[1];
  if (!section) throw new Error('the spec has no "Route table with roles" section');
  const rows = [];
  for (const line of section.split('\n').slice(1)) {
    if (line.startsWith('###') || line.startsWith('## ')) break;
    if (!line.startsWith('|') || /^\|\s*-/.test(line) || line.startsWith('| Route group')) continue;
    const [cell, roles] = line.split('|').slice(1, -1).map((s) => s.trim());
    rows.push({ cell, roles });
  }
  return rows;
}

/** "any role", "no role restriction in route" and "empty list: every signed-in role" all mean [] (every signed-in role). */
function parseRoles(text: string): Role[] {
  if (['any role', 'no role restriction in route', 'empty list: every signed-in role'].includes(text)) return [];
  const roles = text.split(',').map((s) => s.trim());
  for (const r of roles) if (!(ROLES as readonly string[]).includes(r)) throw new Error(`unknown role "${r}" in the spec's table`);
  return roles as Role[];
}

const CRUD = ['list', 'add', 'edit', 'details'];
const each = (resources: string[], actions: string[]) => resources.flatMap((r) => actions.map((a) => `${r}.${a}`));
/** The resources a group row names before its parenthesis: "speciality, languages, … (add, edit/{id}, …)". */
const named = (cell: string) => cell.split('(')[0].split(',').map((s) => s.trim());

/** Each row's first cell → the policy keys (resource.action) it covers. */
const COVERS: Record<string, (cell: string) => string[]> = {
  'Home (empty path)': () => ['home.view'],
  'doctor (add, edit/{id}, details/{id})': () => each(['doctor'], CRUD),
  'admin-user (list, add, edit/{id}, details/{id})': () => each(['admin-user'], CRUD),
  'patients: list, profile/{id}, timeline/{id}, view/{id}': () => each(['patients'], ['list', 'profile', 'timeline', 'view']),
  'appointments/{status}, appointments/view/{id}': () => each(['appointments'], ['list', 'view']),
  'reviews, userProfile': () => ['reviews.list', 'userProfile.view'],
  'requestVerification/{status}, requestVerification/{status}/view/{id}': () => each(['requestVerification'], ['list', 'view']),
  'payment/doctor/list, payment/{status}': () => ['payout.list', 'payment.list'],
  'invoices, invoices/details/{id} (details only, no edit)': () => each(['invoices'], ['list', 'details']),
  'fmc list': () => ['fmc.list'],
  'fmc/dashboard': () => ['fmc.dashboard'],
  'fmc/details/{id}, fmc/view/{id}': () => ['fmc.details', 'fmc.view'],
  'fmc/drpatient': () => ['fmc.drpatient'],
  'fmc/medprescribed, fmc/fmclogs, fmc/tests (with details/{id}), fmc/support/ticket (with edit/{id}, details/{id})': () => [
    'medprescribed.list', 'fmclogs.list', 'fmctests.list', 'fmctests.details', 'supportTicket.list', 'supportTicket.edit', 'supportTicket.details',
  ],
  'fmc/add, fmc/edit/{id}': () => ['fmc.add', 'fmc.edit'],
  'fmc/slots (add, edit/{id}, details/{id})': () => each(['fmcslots'], CRUD),
  'medicine (add, edit, details)': () => each(['medicine'], CRUD),
  'udctest (add, edit, details)': () => each(['udctest'], CRUD),
  'atm list': () => ['atm.list'],
  'atm add, edit, details': () => each(['atm'], ['add', 'edit', 'details']),
  'imglocation (Imaging Test Location), imgtesttype (Imaging Test Type), imagingmaster (Imaging Test); each list, add, edit/:id, details/:id': () =>
    each(['imglocation', 'imgtesttype', 'imagingmaster'], CRUD),
  'udctest/details/:id': () => ['udctest.details'],
  'membershipcard, dentisttest, opthlmotest (list, add, edit/:id, details/:id)': (cell) => each(named(cell), CRUD),
};
/** The two long group rows are matched by their first resource; the resources are read from the cell itself. */
const GROUPS: [RegExp, (cell: string) => string[]][] = [
  [/^speciality, languages, .*ecgkey \(add, edit\/\{id\}, details\/\{id\}\)$/, (cell) => each(named(cell), CRUD)],
  [/^atmmaster, .*rangemaster \(add, edit\/\{id\}, details\/\{id\}\)$/, (cell) => each(named(cell), CRUD)],
  [/^notifications\/: /, () => ['notifications.worklist']],
];

/** Keys the spec has no row for, added by a decision beyond it, with the roles that decision gives. */
const BEYOND_SPEC: Record<string, Role[]> = {
  // docs/decisions.md#routes-and-roles: a patient's access report (who read or changed their data) is the superadmin's.
  'patients.access': ['superadmin'],
  // Issue 19: a change is reverted from a record's history by a superadmin or an admin who may edit the record.
  'history.revert': ['superadmin', 'admin'],
  // Issue 19: centres' staff raise tickets for their centre (the superadmin on a centre's behalf), from a command.
  'supportTicket.raise': ['superadmin', 'fmc', 'doctor'],
  // docs/decisions.md#routes-and-roles: a superadmin voids an invoice, with a reason.
  'invoices.void': ['superadmin'],
  // Issue 34: who is signed in, and ending a session with a reason, are the superadmin's.
  'sessions.list': ['superadmin'],
  'sessions.end': ['superadmin'],
  // Issue 37 §4: rules reach anyone's inbox, mail and phone, so they are the superadmin's.
  'automation.list': ['superadmin'],
  'automation.add': ['superadmin'],
  'automation.edit': ['superadmin'],
  'automation.details': ['superadmin'],
  // Issue 37: the scheduler's runs screen, with retry and cancel, is the superadmin's.
  'runs.list': ['superadmin'],
  'runs.retry': ['superadmin'],
  'runs.cancel': ['superadmin'],
};

/** docs/decisions.md#routes-and-roles: where it settles a row differently from the spec, it stands. */
const DECIDED: Record<string, Role[]> = { 'doctor.add': ['superadmin', 'admin'], 'doctor.edit': ['superadmin', 'admin'] };

function coveredBy(cell: string): string[] {
  if (COVERS[cell]) return COVERS[cell](cell);
  const group = GROUPS.find(([re]) => re.test(cell));
  if (!group) throw new Error(`no mapping for the spec row "${cell}": add it to COVERS`);
  return group[1](cell);
}

const rows = routeTable(spec);
const policyKeys = Object.entries(POLICY).flatMap(([res, actions]) => Object.keys(actions).map((a) => `${res}.${a}`));
const sorted = (r: Roles | undefined) => (r ? [...r].sort() : r);

describe('POLICY equals the spec route table', () => {
  test('the table is found and every mapping is used', () => {
    expect(rows.length).toBeGreaterThan(20);
    const cells = rows.map((r) => r.cell);
    for (const cell of Object.keys(COVERS)) expect(cells, `mapping "${cell}" matches no row`).toContain(cell);
  });

  test.each(rows)('$cell → $roles', ({ cell, roles }) => {
    const expected = parseRoles(roles);
    for (const key of coveredBy(cell)) {
      const [res, action] = key.split('.');
      expect(sorted(rolesFor(res, action)), key).toEqual([...(DECIDED[key] ?? expected)].sort());
    }
  });

  test('every policy key is covered by some row, or decided beyond the spec with the roles it gives', () => {
    const covered = new Set(rows.flatMap((r) => coveredBy(r.cell)));
    expect(policyKeys.filter((k) => !covered.has(k) && !(k in BEYOND_SPEC))).toEqual([]);
    for (const [key, roles] of Object.entries(BEYOND_SPEC)) {
      const [res, action] = key.split('.');
      expect(sorted(rolesFor(res, action)), key).toEqual([...roles].sort());
    }
  });

  test('invoices have no add, edit or delete for anyone', () => {
    for (const a of ['add', 'edit', 'delete']) expect(rolesFor('invoices', a)).toBeUndefined();
  });
});

describe('canAccess: the access rule of spec §2', () => {
  const cases: { roles: Roles | undefined; allowed: readonly Role[] }[] = [
    { roles: undefined, allowed: [] },
    { roles: [], allowed: ROLES },
    { roles: ['superadmin'], allowed: ['superadmin'] },
    { roles: ['superadmin', 'admin', 'railway'], allowed: ['superadmin', 'admin', 'railway'] },
    { roles: ['fmc', 'doctor'], allowed: ['fmc', 'doctor'] },
  ];
  test.each(cases)('roles $roles', ({ roles, allowed }) => {
    for (const role of ROLES) expect(canAccess(roles, role), role).toBe(allowed.includes(role));
    expect(canAccess(roles, undefined)).toBe(false);
    expect(canAccess(roles, null)).toBe(false);
  });
});

describe('rolesFor, can, canReadRecord', () => {
  test('unknown resources and actions give nobody', () => {
    expect(rolesFor('nothing', 'list')).toBeUndefined();
    expect(rolesFor('speciality', 'approve')).toBeUndefined();
    for (const role of ROLES) expect(can(role, 'nothing', 'list')).toBe(false);
  });

  test.each(Object.keys(POLICY))('%s: delete follows edit', (res) => {
    expect(rolesFor(res, 'delete')).toEqual(rolesFor(res, 'edit'));
  });

  test.each([
    ['patients', 'railway', false], ['patients', 'admin', true], ['fmc', 'fmc', true], ['fmc', 'railway', false],
    ['doctor', 'railway', true], ['reviews', 'superadmin', true], ['reviews', 'doctor', false], ['fmc', 'railway', false], ['invoices', 'admin', true], ['atm', 'admin', false],
  ] as const)('canReadRecord(%s, %s) = %s', (res, role, expected) => {
    expect(canReadRecord(role, res)).toBe(expected);
  });
});

describe('who may be given a record (FieldDef.assigned)', () => {
  test('a ticket\'s assignee: exactly the roles of the policy\'s ticket details route', () => {
    const details = POLICY.supportTicket.details as Roles;
    expect(assignableRoles('supportTicket')).toEqual(details.length ? [...details] : [...ROLES]);
    expect(assignableRoles('supportTicket')).toEqual(['superadmin']);
  });

  test.each(ENTITIES.flatMap((e) => Object.entries(e.fields).filter(([, fd]) => fd.assigned).map(([k]) => [`${e.name}.${k}`, e.name])))('%s: whoever may open the record, no one else', (_, entity) => {
    for (const role of ROLES) expect(assignableRoles(entity).includes(role), role).toBe(canReadRecord(role, entity));
  });
});
