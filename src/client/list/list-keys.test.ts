import { describe, expect, test } from 'vitest';
import type { Row } from '../api/entities';
import { listKeys, rowKeys } from './list-keys';

/** The list's grid keys, read apart from any screen: which key does what, and which keys are left alone. */
function setup(over: { focused?: number; count?: number; peeking?: boolean; canPeek?: boolean; canDelete?: boolean; findTakes?: boolean; noRow?: boolean } = {}) {
  const did: string[] = [];
  const row = { id: 7 } as Row;
  const handler = listKeys({
    find: { gridKey: () => Boolean(over.findTakes) },
    focused: over.focused ?? 2, count: over.count ?? 30, row: over.noRow ? undefined : row, peeking: Boolean(over.peeking),
    moveTo: (i) => did.push(`move ${i}`), extendTo: (i) => did.push(`extend ${i}`),
    open: (r) => did.push(`open ${r.id}`), edit: (r) => did.push(`edit ${r.id}`), toggle: (id) => did.push(`toggle ${id}`),
    remove: over.canDelete === false ? undefined : (r) => did.push(`delete ${r.id}`),
    peek: over.canPeek === false ? undefined : () => did.push('peek'),
    closePeek: () => did.push('close peek'),
  });
  const press = (key: string, mods: { ctrlKey?: boolean; inside?: boolean } = {}) => {
    const grid = {};
    let prevented = false;
    handler({ key, ctrlKey: Boolean(mods.ctrlKey), metaKey: false, altKey: false, currentTarget: grid, target: mods.inside ? {} : grid,
      preventDefault: () => { prevented = true; } } as unknown as React.KeyboardEvent);
    return prevented;
  };
  return { did, press };
}

describe('the list grid keys', () => {
  test('j, k, the arrows, Home, End and the page keys move the focused row, within the rows loaded', () => {
    const { did, press } = setup({ focused: 2, count: 30 });
    for (const key of ['j', 'ArrowDown', 'k', 'ArrowUp', 'Home', 'End', 'PageDown', 'PageUp']) expect(press(key)).toBe(true);
    expect(did).toEqual(['move 3', 'move 3', 'move 1', 'move 1', 'move 0', 'move 29', 'move 12', 'move 0']);
  });

  test('Enter opens, e edits, x selects, Shift+j/k grow the selection, Delete asks to delete, Space peeks', () => {
    const { did, press } = setup({ focused: 4 });
    for (const key of ['Enter', 'e', 'x', 'J', 'K', 'Delete', ' ']) press(key);
    expect(did).toEqual(['open 7', 'edit 7', 'toggle 7', 'extend 5', 'extend 3', 'delete 7', 'peek']);
  });

  test('Escape closes the peek only while one is open', () => {
    const closed = setup({ peeking: true });
    expect(closed.press('Escape')).toBe(true);
    expect(closed.did).toEqual(['close peek']);
    const none = setup();
    expect(none.press('Escape')).toBe(false);
    expect(none.did).toEqual([]);
  });

  test('a role that may not delete or open gets no delete and no peek', () => {
    const { did, press } = setup({ canDelete: false, canPeek: false });
    press('Delete');
    press(' ');
    expect(did).toEqual([]);
  });

  test('keys with a modifier, keys inside a row\'s control and keys type-to-find takes are left alone', () => {
    const { did, press } = setup();
    expect(press('j', { ctrlKey: true })).toBe(false);
    expect(press('j', { inside: true })).toBe(false);
    expect(setup({ findTakes: true }).press('j')).toBe(false);
    expect(did).toEqual([]);
  });

  test('with no row under the focus, only the moves act', () => {
    const { did, press } = setup({ noRow: true, count: 0 });
    for (const key of ['Enter', 'e', 'x', ' ', 'End']) press(key);
    expect(did).toEqual(['move 0']);
  });
});

/** A bespoke list's keys on the same reading (a worklist's x and r): its own keys act, the moves are the lists'. */
describe('a bespoke list\'s grid keys', () => {
  const setup = (findTakes = false) => {
    const did: string[] = [];
    const handler = rowKeys({
      find: { gridKey: () => findTakes }, focused: 5, count: 8, moveTo: (i) => did.push(`move ${i}`),
      keys: { x: () => did.push('select'), r: () => did.push('remind') },
    });
    const press = (key: string, mods: { altKey?: boolean } = {}) => {
      const grid = {};
      let prevented = false;
      handler({ key, ctrlKey: false, metaKey: false, altKey: Boolean(mods.altKey), currentTarget: grid, target: grid,
        preventDefault: () => { prevented = true; } } as unknown as React.KeyboardEvent);
      return prevented;
    };
    return { did, press };
  };

  test('its own keys act, the moves stop at the rows loaded, other keys pass', () => {
    const { did, press } = setup();
    for (const key of ['x', 'r', 'End', 'PageDown', 'k']) expect(press(key)).toBe(true);
    expect(press('e')).toBe(false);
    expect(press('x', { altKey: true })).toBe(false);
    expect(did).toEqual(['select', 'remind', 'move 7', 'move 7', 'move 4']);
  });

  test('a key type-to-find takes is not the list\'s', () => {
    const { did, press } = setup(true);
    expect(press('x')).toBe(false);
    expect(did).toEqual([]);
  });
});
