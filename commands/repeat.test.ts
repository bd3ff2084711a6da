import { beforeEach, describe, expect, it } from 'vitest';
import type { Role, SavedView } from '../src/registry';
import { COMMANDS, effectiveKeymap, findClash, forgetRepeatable, keepRepeatable, lastRepeatable, noteRepeatable, openSavedView, repeatApplies, repeatCommand, viewCommand, whyNotRepeat, worklistPath, type CommandContext, type Contributions, type InView, type Repeatable } from '.';

const t = (key: string, opts?: Record<string, unknown>) => (opts ? `${key}${JSON.stringify(opts)}` : key);
const on = (inView: InView, location = '/dashboard/appointments/confirmed') => ({ location: () => location, inView: () => inView, session: { role: 'admin' as Role, signOut: async () => {} } });

/** What the screens in view contribute, as the test sets it. */
type Shown = { [K in keyof Contributions]?: Contributions[K] };

/** A command context that records where it went, what it said and which writes it made on which rows. */
function recording(role: Role = 'admin', where: { inView: InView; location: string; shown: Shown } = { inView: { selected: 0 }, location: '/dashboard', shown: {} }) {
  const went: string[] = [];
  const said: string[] = [];
  const asked: string[] = [];
  const ctx = {
    navigate: (to: string) => went.push(to),
    location: () => where.location,
    inView: () => where.inView,
    session: { role, signOut: async () => {} },
    ui: { notice: (key: string) => said.push(key) },
    screen: {
      get: (kind: keyof Contributions, entity?: string) => {
        const c = where.shown[kind] as { entity?: string } | undefined;
        return entity === undefined || c?.entity === entity ? c : undefined;
      },
      act: (kind: keyof Contributions, act: (c: unknown) => void) => { const c = where.shown[kind]; if (c) act(c); },
    },
    data: {
      transition: (entity: string, move: string, rows: { id: number }[]) => { asked.push(`${entity}.${move} on ${rows.map((r) => r.id).join(',')}`); return true; },
      setField: (entity: string, rows: { id: number }[], field: string, value: unknown) => { asked.push(`${entity}.${field}=${String(value)} on ${rows.map((r) => r.id).join(',')}`); },
    },
  } as unknown as CommandContext;
  return { ctx, went, said, asked, where };
}

/** A list of `entity` in view, with these rows selected and the keyboard on `focused`. */
const listOf = (entity: string, selection: number[], focused?: { id: number; status?: string }): Contributions['list'] => ({
  entity, selection: selection.map((id) => ({ id, version: 1 })), focused: focused && { ...focused, version: 1 },
  focusFilter: () => {}, addFilter: () => {}, openColumns: () => {},
});

describe('repeat: the last command that acted on a record', () => {
  beforeEach(() => forgetRepeatable());

  it('holds nothing at first, and is then not offered anywhere', () => {
    expect(lastRepeatable()).toBeNull();
    expect(repeatCommand.offered!(on({ entity: 'appointments', selected: 0, focused: { id: 1, status: 'confirmed' } }))).toBe(false);
    // Its key runs it all the same (hotkeys.tsx reads `when`, which it has none of): to say why it cannot.
    expect(repeatCommand.when).toBeUndefined();
    expect(repeatCommand.title(t)).toBe('repeat.nothing');
  });

  it('keeps the last one only, and names it in its title', () => {
    noteRepeatable({ kind: 'move', entity: 'appointments', move: 'complete' });
    noteRepeatable({ kind: 'move', entity: 'appointments', move: 'markMissed' });
    expect(lastRepeatable()).toEqual({ kind: 'move', entity: 'appointments', move: 'markMissed' });
    expect(repeatCommand.title(t)).toBe('repeat.title{"action":"transition.appointments.markMissed"}');
    // The palette keeps a command's words by its revision: a new last action is a new title.
    const before = repeatCommand.revision!();
    noteRepeatable({ kind: 'move', entity: 'appointments', move: 'complete' });
    expect(repeatCommand.revision!()).not.toBe(before);
  });

  it('a move applies to the focused row (none selected), the selected rows, or the record shown, when the status allows it', () => {
    const r = { kind: 'move', entity: 'appointments', move: 'markMissed' } as const;
    expect(repeatApplies(r, { entity: 'appointments', selected: 0, focused: { id: 1, status: 'confirmed' } }, '')).toBe(true);
    expect(repeatApplies(r, { entity: 'appointments', selected: 0, focused: { id: 1, status: 'missed' } }, '')).toBe(false);
    expect(repeatApplies(r, { entity: 'appointments', selected: 3, focused: { id: 1, status: 'missed' } }, '')).toBe(true);
    expect(repeatApplies(r, { entity: 'appointments', record: { id: 4, status: 'confirmed' }, selected: 0 }, '')).toBe(true);
    expect(repeatApplies(r, { entity: 'appointments', record: { id: 4, status: 'completed' }, selected: 0 }, '')).toBe(false);
    expect(repeatApplies(r, { entity: 'payment', selected: 0, focused: { id: 1, status: 'confirmed' } }, '')).toBe(false);
    expect(repeatApplies(r, { entity: 'appointments', selected: 0 }, '')).toBe(false);
  });

  it('a review is never repeated on rows', () => {
    const review = { kind: 'move', entity: 'requestVerification', move: 'approve' } as const;
    expect(repeatApplies(review, { entity: 'requestVerification', selected: 2 }, '')).toBe(false);
  });

  it('an edit of one field applies to its entity; a reminder to its worklist', () => {
    const field = { kind: 'field', entity: 'supportTicket', field: 'priority', value: 'urgent', label: 'Urgent' } as const;
    expect(repeatApplies(field, { entity: 'supportTicket', selected: 0, focused: { id: 2 } }, '')).toBe(true);
    expect(repeatApplies(field, { entity: 'fmc', selected: 0, focused: { id: 2 } }, '')).toBe(false);
    const remind = { kind: 'remind', worklist: 'doctorInCompleteProfile' } as const;
    expect(repeatApplies(remind, { selected: 0 }, worklistPath('doctorInCompleteProfile'))).toBe(true);
    expect(repeatApplies(remind, { selected: 0 }, worklistPath('patientInCompleteProfile'))).toBe(false);
  });

  it('makes a move or sets a field itself, on the focused row, the selected rows or the record shown; a reminder on its worklist', () => {
    const { ctx, asked, said, where } = recording('superadmin');
    noteRepeatable({ kind: 'move', entity: 'appointments', move: 'markMissed' });
    where.inView = { entity: 'appointments', selected: 0, focused: { id: 1, status: 'confirmed' } };
    where.shown = { list: listOf('appointments', [], { id: 1, status: 'confirmed' }) };
    void repeatCommand.run(ctx, {});
    noteRepeatable({ kind: 'field', entity: 'supportTicket', field: 'priority', value: 'urgent', label: 'Urgent' });
    where.inView = { entity: 'supportTicket', selected: 2, focused: { id: 2 } };
    where.shown = { list: listOf('supportTicket', [5, 6], { id: 2 }) };
    void repeatCommand.run(ctx, {});
    // A record peeked on the list is the one acted on.
    where.shown.record = { entity: 'supportTicket', record: { id: 9, version: 3 } };
    void repeatCommand.run(ctx, {});
    let reminded = 0;
    noteRepeatable({ kind: 'remind', worklist: 'doctorInCompleteProfile' });
    where.location = worklistPath('doctorInCompleteProfile');
    where.shown = { worklist: { id: 'doctorInCompleteProfile', remind: () => { reminded++; } } };
    void repeatCommand.run(ctx, {});
    expect(asked).toEqual(['appointments.markMissed on 1', 'supportTicket.priority=urgent on 5,6', 'supportTicket.priority=urgent on 9']);
    expect(reminded).toBe(1);
    expect(said).toEqual([]);
  });

  it('sets no field for a role that may not edit its entity', () => {
    const { ctx, asked, where } = recording('admin');
    noteRepeatable({ kind: 'field', entity: 'supportTicket', field: 'priority', value: 'urgent', label: 'Urgent' });
    where.inView = { entity: 'supportTicket', selected: 0, focused: { id: 2 } };
    where.shown = { list: listOf('supportTicket', [], { id: 2 }) };
    void repeatCommand.run(ctx, {});
    expect(asked).toEqual([]);
  });

  it('where it cannot act, says why (a notice) and asks the screen for nothing', () => {
    const { ctx, asked, said, where } = recording();
    void repeatCommand.run(ctx, {});
    noteRepeatable({ kind: 'move', entity: 'appointments', move: 'markMissed' });
    void repeatCommand.run(ctx, {});
    where.inView = { entity: 'appointments', selected: 0 };
    void repeatCommand.run(ctx, {});
    where.inView = { entity: 'appointments', record: { id: 4, status: 'completed' }, selected: 0 };
    void repeatCommand.run(ctx, {});
    noteRepeatable({ kind: 'remind', worklist: 'doctorInCompleteProfile' });
    void repeatCommand.run(ctx, {});
    expect(said).toEqual(['repeat.why.nothing', 'repeat.why.elsewhere', 'repeat.why.noRow', 'repeat.why.status', 'repeat.why.worklist']);
    expect(asked).toEqual([]);
  });

  it('names the action, the list and the status it cannot act from, in the user\'s words', () => {
    const tr = (key: string) => key;
    const why = whyNotRepeat({ kind: 'move', entity: 'appointments', move: 'markMissed' }, { entity: 'appointments', record: { id: 4, status: 'completed' }, selected: 0 }, '', tr);
    expect(why).toEqual({ key: 'repeat.why.status', params: { action: 'transition.appointments.markMissed', status: 'appointments.values.status.completed' } });
    const review = whyNotRepeat({ kind: 'move', entity: 'requestVerification', move: 'approve' }, { entity: 'requestVerification', selected: 2 }, '', tr);
    expect(review?.key).toBe('repeat.why.review');
  });

  it('is read back from where the client keeps it, in the shape of one only, and each new one is told there', () => {
    const saved: (Repeatable | null)[] = [];
    keepRepeatable({ kind: 'move', entity: 'appointments', move: 'complete' }, (r) => saved.push(r));
    expect(lastRepeatable()).toEqual({ kind: 'move', entity: 'appointments', move: 'complete' });
    noteRepeatable({ kind: 'remind', worklist: 'doctorInCompleteProfile' });
    expect(saved).toEqual([{ kind: 'remind', worklist: 'doctorInCompleteProfile' }]);
    for (const junk of [null, 'move', { kind: 'move', entity: 3 }, { kind: 'field', entity: 'x' }, { kind: 'other' }]) {
      keepRepeatable(junk);
      expect(lastRepeatable(), JSON.stringify(junk)).toBeNull();
    }
  });

  it('is bound to `.`, which clashes with no other shortcut', () => {
    const keymap = effectiveKeymap(COMMANDS.keys());
    expect(keymap.get('record.repeat')).toBe('.');
    expect(findClash(keymap, 'record.repeat', '.')).toBeNull();
    expect(findClash(keymap, 'ui.shortcuts', '.')).toBe('record.repeat');
  });
});

describe('a saved view as a command', () => {
  const view = (address: string): SavedView => ({ id: 7, name: 'Mine', address, shared: [], mine: true, owner: { id: 1, name: 'A' }, version: 1 });

  it('sits in the sidebar under its entity, and opens its address', () => {
    const cmd = viewCommand(view('/dashboard/appointments/missed?filter[mode]=video'), 'admin')!;
    expect(cmd).toMatchObject({ id: 'view.7', category: 'views', href: '/dashboard/appointments/missed?filter[mode]=video', menu: { group: 'appointments' } });
    const { ctx, went, said } = recording();
    void cmd.run(ctx, {});
    expect(went).toEqual(['/dashboard/appointments/missed?filter[mode]=video']);
    expect(said).toEqual([]);
  });

  it('whose address no longer parses opens the plain list and says why', () => {
    const { ctx, went, said } = recording();
    openSavedView(ctx, view('/dashboard/appointments/missed?filter[removedField]=1&sort=mode:asc'));
    expect(went).toEqual(['/dashboard/appointments/missed']);
    expect(said).toEqual(['views.notParsed']);
  });

  it('of a list the role may not open is no command', () => {
    expect(viewCommand(view('/dashboard/appointments/all'), 'railway')).toBeNull();
    const { ctx, went, said } = recording('railway');
    openSavedView(ctx, view('/dashboard/appointments/all'));
    expect(went).toEqual([]);
    expect(said).toEqual(['views.notOpened']);
  });
});
