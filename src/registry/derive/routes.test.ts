import { describe, expect, test } from 'vitest';
import { ENTITIES } from '../entities';
import { defineEntity, type EntityDef } from '../entity';
import { f } from '../fields';
import { can, rolesFor } from '../policy';
import { ROLES } from '../roles';
import { allRoutes, DASHBOARD, entityPath, entityRoutes, matchPath, viewActionFor } from './routes';
import { SCREENS } from '../screens';
import { getEntity } from '../catalog';

/** A minimal entity under a policy resource's name; the routes only read its name and path. */
const entity = (name: string, path?: string): EntityDef => defineEntity({
  name, path, api: name, table: name, fields: { name: f.text({ required: true, sortable: true }) },
  titleFields: ['name'], columns: ['name'], defaultSort: { field: 'name', dir: 'asc' },
});

describe('entityPath', () => {
  test.each([
    [entity('speciality'), 'list', undefined, '/dashboard/speciality'],
    [entity('speciality'), 'add', undefined, '/dashboard/speciality/add'],
    [entity('speciality'), 'edit', 7, '/dashboard/speciality/edit/7'],
    [entity('speciality'), 'details', undefined, '/dashboard/speciality/details/:id'],
    [entity('fmcslots', 'fmc/slots'), 'edit', 3, '/dashboard/fmc/slots/edit/3'],
    ['patients', 'view', '9', '/dashboard/patients/view/9'],
  ] as const)('%#: %s', (def, action, id, path) => {
    expect(entityPath(def, action, id)).toBe(path);
  });
});

describe('entityRoutes: one route per action the policy defines, with the policy roles', () => {
  test.each([
    ['speciality', undefined, ['list', 'add', 'edit', 'details']],
    ['invoices', undefined, ['list', 'details']],
    ['patients', undefined, ['list', 'view', 'profile', 'timeline']],
    ['atm', undefined, ['list', 'add', 'edit', 'details']],
    ['fmcslots', 'fmc/slots', ['list', 'add', 'edit', 'details']],
    ['nothing', undefined, []],
  ] as const)('%s', (name, path, actions) => {
    const routes = entityRoutes(entity(name, path));
    expect(routes.map((r) => r.action)).toEqual(actions);
    for (const r of routes) {
      expect(r.roles).toBe(rolesFor(name, r.action));
      expect(r.path).toBe(entityPath(path ?? name, r.action));
      expect(r.screen).toBe(['list', 'add', 'edit', 'timeline'].includes(r.action) ? r.action : 'details');
    }
  });

  test('atm keeps its split roles: list for admin, the rest for superadmin', () => {
    const byAction = Object.fromEntries(entityRoutes(entity('atm')).map((r) => [r.action, r.roles]));
    expect(byAction).toEqual({ list: ['superadmin', 'admin'], add: ['superadmin'], edit: ['superadmin'], details: ['superadmin'] });
  });
});

describe('allRoutes over the declared entities', () => {
  const routes = allRoutes(ENTITIES);

  test('home and userProfile come first, then every entity route, then the bespoke screens', () => {
    expect(routes[0]).toMatchObject({ path: DASHBOARD, screen: 'home', roles: [] });
    expect(routes[1]).toMatchObject({ path: `${DASHBOARD}/userProfile`, screen: 'userProfile', roles: ['superadmin', 'admin'] });
    expect(routes.length).toBe(2 + ENTITIES.reduce((n, e) => n + entityRoutes(e).length, 0) + SCREENS.length);
  });

  test('the spec\'s status routes: one list per view, and the record pages of issue 7', () => {
    const paths = new Set(routes.map((r) => r.path));
    for (const s of ['all', 'completed', 'missed', 'confirmed', 'cancelled', 'rescheduled']) expect(paths).toContain(`${DASHBOARD}/appointments/${s}`);
    for (const s of ['recent', 'completed', 'pending', 'rejected', 'cancelled']) expect(paths).toContain(`${DASHBOARD}/payment/${s}`);
    for (const s of ['pending', 'requested', 'verified']) expect(paths).toContain(`${DASHBOARD}/requestVerification/${s}`);
    for (const p of ['appointments/view/:id', 'requestVerification/:status/view/:id', 'payment/doctor/list', 'invoices', 'invoices/details/:id', 'reviews',
      'fmc/dashboard', 'fmc/drpatient', 'fmc/medprescribed', 'fmc/fmclogs', 'fmc/tests', 'fmc/tests/details/:id', 'fmc/support/ticket',
      'fmc/support/ticket/edit/:id', 'fmc/support/ticket/details/:id', 'notifications/doctorInCompleteProfile', 'notifications/patientNotAddedInsuranceDetails']) {
      expect(paths, p).toContain(`${DASHBOARD}/${p}`);
    }
    expect(paths).not.toContain(`${DASHBOARD}/appointments`);
    expect(entityPath(getEntity('requestVerification'), 'view', 7, 'requested')).toBe(`${DASHBOARD}/requestVerification/requested/view/7`);
    expect(entityPath(getEntity('appointments'))).toBe(`${DASHBOARD}/appointments/all`);
  });

  test('paths are unique and every route carries the policy roles', () => {
    expect(new Set(routes.map((r) => r.path)).size).toBe(routes.length);
    for (const r of routes) expect(r.roles, r.path).toBe(rolesFor(r.resource, r.action));
  });

  test.each(ENTITIES.map((e) => [e.name, e] as const))('%s has a list route', (_, e) => {
    expect(routes.some((r) => r.entity === e.name && r.action === 'list')).toBe(rolesFor(e.name, 'list') !== undefined);
  });
});

describe('viewActionFor', () => {
  test.each([
    ['speciality', 'admin', 'details'],
    ['speciality', 'railway', undefined],
    ['patients', 'admin', 'view'],
    ['fmc', 'doctor', 'details'],
    ['invoices', 'superadmin', 'details'],
  ] as const)('%s for %s → %s', (name, role, action) => {
    expect(viewActionFor(entity(name), (a) => can(role, name, a))).toBe(action);
  });

  test('nobody gets a view action on a resource without one', () => {
    for (const role of ROLES) expect(viewActionFor(entity('reviews'), (a) => can(role, 'reviews', a))).toBeUndefined();
  });
});

describe('matchPath', () => {
  test.each([
    ['/dashboard/speciality/edit/:id', '/dashboard/speciality/edit/12', { id: '12' }],
    ['/dashboard/speciality/edit/:id', '/dashboard/speciality/edit/12/', { id: '12' }],
    ['/dashboard/speciality/edit/:id', '/dashboard/speciality/edit/a%20b', { id: 'a b' }],
    ['/dashboard/speciality', '/dashboard/speciality', {}],
    ['/dashboard/speciality/edit/:id', '/dashboard/speciality/details/12', null],
    ['/dashboard/speciality/edit/:id', '/dashboard/speciality/edit', null],
    ['/dashboard/speciality', '/dashboard/speciality/add', null],
  ] as const)('%s ~ %s', (pattern, path, params) => {
    expect(matchPath(pattern, path)).toEqual(params);
  });
});
