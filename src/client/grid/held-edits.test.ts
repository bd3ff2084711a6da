import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { getEntity } from '../../registry';
import { conflictCount, dropCell, formDraft, holdCell, keepMine, rebase, refuse, saved, savedInForm, sendable, type Held } from './held-edits';
import { whyNotEditable } from './cell-rules';

const none: Held = new Map();
const row = (id: number, version = 3) => ({ id, version });

describe('held edits', () => {
  test('cells of several rows are held, each row at the version it was read at', () => {
    let held = holdCell(none, row(1), 'name', 'Cardiology', 'Cardiology (adult)');
    held = holdCell(held, row(1, 9), 'sortOrder', '2', '5');
    held = holdCell(held, row(2, 7), 'status', 'active', 'inactive');
    expect(held.size).toBe(2);
    expect(held.get(1)).toMatchObject({ version: 3, base: { name: 'Cardiology', sortOrder: '2' }, values: { name: 'Cardiology (adult)', sortOrder: '5' } });
    expect(held.get(2)).toMatchObject({ version: 7, values: { status: 'inactive' } });
    expect(sendable(held).map((r) => r.id)).toEqual([1, 2]);
  });

  test('a cell typed back to its value as read is no change, and a row with none is not held', () => {
    let held = holdCell(none, row(1), 'name', 'Cardiology', 'Cardio');
    held = holdCell(held, row(1), 'name', 'Cardio', 'Cardiology');
    expect(held.size).toBe(0);
  });

  test('Esc drops one cell; the row stays while another cell is held; a saved row goes', () => {
    let held = holdCell(none, row(1), 'name', 'A', 'B');
    held = holdCell(held, row(1), 'status', 'active', 'inactive');
    held = dropCell(held, 1, 'name');
    expect(held.get(1)?.values).toEqual({ status: 'inactive' });
    expect(saved(held, 1).size).toBe(0);
  });

  test('a refused value says why on its cell until the cell is typed again', () => {
    let held = holdCell(none, row(1), 'sortOrder', '1', '99999');
    held = refuse(held, 1, { sortOrder: 'Too big' });
    expect(held.get(1)?.errors).toEqual({ sortOrder: 'Too big' });
    held = holdCell(held, row(1), 'sortOrder', '1', '9');
    expect(held.get(1)?.errors).toEqual({});
  });
});

describe('a stale save, rebased on the record as it is now', () => {
  const mine = holdCell(holdCell(none, row(1, 3), 'name', 'Alpha', 'Alpha mine'), row(1, 3), 'status', 'active', 'inactive');

  test('a cell they changed to another value is a conflict (theirs, yours); the row is not sent', () => {
    const held = rebase(mine, 1, { version: 4, values: { name: 'Alpha theirs', status: 'active' } });
    expect(held.get(1)).toMatchObject({ version: 4, conflicts: { name: 'Alpha theirs' }, values: { name: 'Alpha mine', status: 'inactive' } });
    expect(conflictCount(held)).toBe(1);
    expect(sendable(held)).toEqual([]);
  });

  test('a cell they did not touch keeps what was typed, with no conflict', () => {
    const held = rebase(mine, 1, { version: 4, values: { name: 'Alpha', status: 'active', sortOrder: '8' } });
    expect(conflictCount(held)).toBe(0);
    expect(held.get(1)).toMatchObject({ version: 4, values: { name: 'Alpha mine', status: 'inactive' } });
  });

  test('a cell they set to what was typed is no change any more', () => {
    const held = rebase(mine, 1, { version: 4, values: { name: 'Alpha mine', status: 'active' } });
    expect(held.get(1)?.values).toEqual({ status: 'inactive' });
    expect(conflictCount(held)).toBe(0);
  });

  test('theirs picked drops the cell; mine kept sends it at their version', () => {
    const held = rebase(mine, 1, { version: 4, values: { name: 'Alpha theirs', status: 'active' } });
    const theirs = dropCell(held, 1, 'name');
    expect(theirs.get(1)).toMatchObject({ version: 4, values: { status: 'inactive' }, conflicts: {} });
    const kept = keepMine(held, 1, 'name');
    expect(kept.get(1)).toMatchObject({ version: 4, values: { name: 'Alpha mine' }, base: { name: 'Alpha theirs' }, conflicts: {} });
    expect(sendable(kept).map((r) => r.id)).toEqual([1]);
  });

  test('whatever both sides did, nothing typed is lost silently and no cell of theirs is overwritten unseen', () => {
    const value = fc.constantFrom('a', 'b', 'c', '');
    fc.assert(fc.property(value, value, value, (base, typed, theirs) => {
      const held = rebase(holdCell(none, row(1), 'f', base, typed), 1, { version: 4, values: { f: theirs } });
      const r = held.get(1);
      if (typed === base || theirs === typed) { expect(r).toBeUndefined(); return; }
      // Still held: theirs is either the value read (nothing of theirs to lose) or a conflict the user must settle.
      expect(r?.values.f).toBe(typed);
      expect(r?.conflicts).toEqual(theirs === base ? {} : { f: theirs });
    }));
  });
});

describe('which cells may be edited', () => {
  test('the role must edit the entity: a doctor may not edit specialities', () => {
    expect(whyNotEditable(getEntity('speciality'), 'admin', 'name')).toBeNull();
    expect(whyNotEditable(getEntity('speciality'), 'doctor', 'name')).toBe('role');
  });
  test('computed and owned fields are the server\'s; a workflow status moves by its moves', () => {
    expect(whyNotEditable(getEntity('fmcslots'), 'superadmin', 'booked')).toBe('computed');
    expect(whyNotEditable(getEntity('notification'), 'superadmin', 'status')).toBe('owned');
  });
  test('kinds a cell cannot hold are edited in the form', () => {
    expect(whyNotEditable(getEntity('speciality'), 'admin', 'icon')).toBe('inForm');
  });
  test('a rule\'s record kind and status in the form, which offers only that kind\'s statuses; its name in place', () => {
    expect(whyNotEditable(getEntity('automation'), 'superadmin', 'status')).toBe('inForm');
    expect(whyNotEditable(getEntity('automation'), 'superadmin', 'entity')).toBe('inForm');
    expect(whyNotEditable(getEntity('automation'), 'superadmin', 'name')).toBeNull();
  });
});

describe('a draft typed in an editor, and the form opened on held cells', () => {
  test('each keystroke held replaces the last; typed back to the value as read, the draft is no change', () => {
    let held = none;
    for (const typed of ['7', '77', '777']) held = holdCell(held, row(1), 'sortOrder', '1', typed);
    expect(held.get(1)).toMatchObject({ base: { sortOrder: '1' }, values: { sortOrder: '777' } });
    expect(holdCell(held, row(1), 'sortOrder', '1', '1').size).toBe(0);
  });

  test('the form opens with the held values at the version they were read at, conflicts left to the list', () => {
    let held = holdCell(none, row(1, 3), 'name', 'A', 'A typed');
    held = holdCell(held, row(1, 3), 'sortOrder', '1', '5');
    expect(formDraft(held, 1)).toEqual({ version: 3, values: { name: 'A typed', sortOrder: '5' } });
    expect(formDraft(held, 2)).toBeNull();
    held = rebase(held, 1, { version: 4, values: { name: 'A theirs', sortOrder: '1' } });
    expect(formDraft(held, 1)).toEqual({ version: 4, values: { sortOrder: '5' } });
    // Saved in the form: its cells go, the conflict stays held to be settled.
    const after = savedInForm(held, 1);
    expect(after.get(1)).toMatchObject({ values: { name: 'A typed' }, conflicts: { name: 'A theirs' } });
    expect(formDraft(after, 1)).toBeNull();
    expect(savedInForm(holdCell(none, row(2), 'name', 'B', 'B typed'), 2).size).toBe(0);
  });
});
