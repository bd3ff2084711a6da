import { describe, expect, it } from 'vitest';
import { can, ENTITIES, ROLES, rolesFor, SCREENS } from '../src/registry';
import { COMMANDS, createRegistry, effectiveKeymap, findClash, isAllowed, isSingleKey, menuTree, MENU_GROUPS, DEFAULT_KEYMAP, type CommandContext, type Contributions } from '.';
import { entityCommands } from './entity';

describe('the command registry', () => {
  it('refuses a duplicate id', () => {
    const c = { id: 'x', title: () => 'x', category: 'navigation' as const, run: () => {} };
    expect(() => createRegistry([c, c])).toThrow(/duplicate command id x/);
  });

  it('generates for every entity exactly the commands its policy row allows', () => {
    for (const def of ENTITIES) {
      const ids = entityCommands(def).map((c) => c.id.slice(def.name.length + 1)).sort();
      const expected = (['list', 'add', 'edit', 'delete'] as const).filter((a) => rolesFor(def.name, a) !== undefined && !(a === 'list' && def.views?.length));
      for (const a of expected) expect(ids, def.name).toContain(a);
      // Whoever may add may import a file of them.
      expect(ids.includes('import'), def.name).toBe(rolesFor(def.name, 'add') !== undefined);
      // Lists by status: one command per view instead of the plain list.
      for (const v of def.views ?? []) expect(COMMANDS.has(`${def.name}.list.${v.segment}`), `${def.name} ${v.segment}`).toBe(true);
      expect(ids.includes('view'), def.name).toBe(['details', 'view', 'profile'].some((a) => rolesFor(def.name, a) !== undefined));
    }
  });

  it("takes each command's roles from the policy of what it opens", () => {
    for (const cmd of COMMANDS.values()) {
      for (const role of ROLES) {
        const expected = cmd.access ? can(role, cmd.access.resource, cmd.access.action) : true;
        expect(isAllowed(cmd, role), `${cmd.id} for ${role}`).toBe(expected);
      }
      expect(isAllowed(cmd, null)).toBe(false);
    }
  });
});

describe('the sidebar projection', () => {
  it.each(ROLES)('shows %s exactly the lists the policy lets it open, in declared groups', (role) => {
    const tree = menuTree(COMMANDS.values(), role);
    const shown = tree.flatMap((g) => g.items.map((c) => c.id)).sort();
    const expected = [
      ...ENTITIES.filter((e) => e.nav && can(role, e.name, 'list')).flatMap((e) => (e.views?.length ? e.views.map((v) => `${e.name}.list.${v.segment}`) : [`${e.name}.list`])),
      ...SCREENS.filter((sc) => can(role, sc.resource, sc.action)).map((sc) => `screen.${sc.id}`),
    ].sort();
    expect(shown).toEqual(expected);
    for (const g of tree) {
      expect(MENU_GROUPS).toContain(g.group);
      expect(g.items.length).toBeGreaterThan(0);
    }
  });

  it('shows nothing to nobody', () => {
    expect(menuTree(COMMANDS.values(), null)).toEqual([]);
  });
});

describe('the keymap', () => {
  const keymap = effectiveKeymap(COMMANDS.keys());

  it('binds only commands that exist, and no two to the same keys', () => {
    for (const id of keymap.keys()) expect(COMMANDS.has(id), id).toBe(true);
    for (const [id, combo] of keymap) expect(findClash(keymap, id, combo), `${id} ${combo}`).toBeNull();
  });

  it('refuses a binding that clashes, exactly or by prefix', () => {
    expect(findClash(keymap, 'ui.shortcuts', 'mod+k')).toBe('palette.open');
    expect(findClash(keymap, 'ui.shortcuts', 'g')).not.toBeNull();
    expect(findClash(keymap, 'ui.shortcuts', 'g h x')).toBe('nav.home');
    expect(findClash(keymap, 'ui.shortcuts', 'mod+shift+y')).toBeNull();
  });

  it('gives every move with a key Shift and its letter: one move a key within an entity, shared across entities', () => {
    for (const def of ENTITIES) {
      for (const m of def.workflow?.transitions ?? []) {
        if (m.key) expect(keymap.get(`${def.name}.${m.name}`), `${def.name}.${m.name}`).toBe(`shift+${m.key}`);
      }
    }
    expect(keymap.get('appointments.complete')).toBe(keymap.get('payment.complete'));
    expect(findClash(keymap, 'appointments.complete', 'shift+m')).toBe('appointments.markMissed');
    expect(findClash(keymap, 'appointments.complete', 'shift+v')).toBeNull();
  });

  it('lets a user unbind and rebind', () => {
    const mine = effectiveKeymap(COMMANDS.keys(), { 'list.create': '', 'nav.home': 'g g' });
    expect(mine.has('list.create')).toBe(false);
    expect(mine.get('nav.home')).toBe('g g');
  });

  it.each([['c', true], ['?', true], ['/', true], ['mod+k', false], ['g h', false], ['ctrl+b', false]])('%s is a single-key shortcut: %s', (combo, single) => {
    expect(isSingleKey(combo)).toBe(single);
  });

  it('every default names a command', () => {
    for (const id of Object.keys(DEFAULT_KEYMAP)) expect(COMMANDS.has(id), id).toBe(true);
  });

  it('each appointment status has a g a + letter shortcut', () => {
    for (const v of ENTITIES.find((e) => e.name === 'appointments')!.views!) expect(keymap.get(`appointments.list.${v.segment}`), v.segment).toMatch(/^g a [a-z]$/);
  });
});

describe('a move asked for with no record in view', () => {
  it('picks among the records whose status the move moves from, and only those', () => {
    const picks = [...COMMANDS.values()].filter((c) => c.id.endsWith('.pick'));
    expect(picks.length).toBeGreaterThan(10);
    for (const cmd of picks) {
      const [entity, move] = cmd.id.split('.');
      const from = ENTITIES.find((e) => e.name === entity)!.workflow!.transitions.find((m) => m.name === move)!.from;
      const param = cmd.params?.[0];
      expect(param?.kind === 'record' && param.statuses, cmd.id).toEqual(from);
    }
    const approve = COMMANDS.get('requestVerification.approve.pick')!.params![0];
    expect(approve.kind === 'record' && approve.statuses).toEqual(['requested']);
  });
});

describe('a move acts itself, on what the screen in view contributed', () => {
  /** A context whose screen shows `shown`, recording each move made and each kind waited for. */
  function on(shown: { [K in keyof Contributions]?: Contributions[K] }) {
    const made: string[] = [];
    const waits: ((c: Contributions['record']) => void)[] = [];
    const ctx = {
      navigate: (to: string) => made.push(`go ${to}`),
      session: { role: 'superadmin' },
      screen: {
        get: (kind: keyof Contributions, entity?: string) => {
          const c = shown[kind] as { entity?: string } | undefined;
          return entity === undefined || c?.entity === entity ? c : undefined;
        },
        next: (kind: string, act: (c: Contributions['record']) => void, entity?: string) => { if (kind === 'record' && entity === 'appointments') waits.push(act); },
      },
      ui: { notice: (key: string) => made.push(`said ${key}`) },
      data: { transition: (entity: string, move: string, rows: { id: number; version: number }[]) => { made.push(`${entity}.${move} ${rows.map((r) => `${r.id}@${r.version}`).join(',')}`); return true; } },
    } as unknown as CommandContext;
    return { ctx, made, waits };
  }
  const list = (selection: number[], focused?: number): Contributions['list'] => ({
    entity: 'appointments', selection: selection.map((id) => ({ id, version: id * 10 })), focused: focused === undefined ? undefined : { id: focused, version: 1 },
    focusFilter: () => {}, addFilter: () => {}, openColumns: () => {},
  });

  it('on the selected rows with their versions, else the focused row, else the record shown', () => {
    const cmd = COMMANDS.get('appointments.markMissed')!;
    const a = on({ list: list([3, 4], 7) });
    void cmd.run(a.ctx, {});
    const b = on({ list: list([], 7) });
    void cmd.run(b.ctx, {});
    const c = on({ list: list([3], 7), record: { entity: 'appointments', record: { id: 9, version: 2 } } });
    void cmd.run(c.ctx, {});
    const d = on({ record: { entity: 'payment', record: { id: 9, version: 2 } } });
    void cmd.run(d.ctx, {});
    expect([...a.made, ...b.made, ...c.made, ...d.made]).toEqual(['appointments.markMissed 3@30,4@40', 'appointments.markMissed 7@1', 'appointments.markMissed 9@2', 'appointments.markMissed ']);
  });

  it('picked in the palette, opens the record and moves it once its page shows that record', () => {
    const { ctx, made, waits } = on({});
    void COMMANDS.get('appointments.markMissed.pick')!.run(ctx, { record: { value: 12 } });
    expect(made).toEqual([expect.stringMatching(/^go \/dashboard\/appointments\/.*12$/)]);
    waits[0]({ entity: 'appointments', record: { id: 11, version: 1 } });
    waits[0]({ entity: 'appointments', record: { id: 12, version: 5 } });
    // Another record shown first is not moved, and that is said.
    expect(made.slice(1)).toEqual(['said screenWait.unheard', 'appointments.markMissed 12@5']);
  });
});
