import { describe, expect, test } from 'vitest';
import { getEntity } from '../../registry';
import { changesOf } from './log-changes';

/** What an audit entry's changes show: old → new only where the entry holds both. */
describe('changesOf', () => {
  const appointments = getEntity('appointments');
  const medicine = getEntity('medicine');
  test.each([
    ['no changes', medicine, null, []],
    ['an edit: the values written', medicine, { name: 'Paracetamol', price: 12 }, [{ field: 'name', value: 'Paracetamol' }, { field: 'price', value: 12 }]],
    ['a transition: the status left and the new one', appointments, { status: 'completed', from: 'confirmed' }, [{ field: 'status', value: 'completed', old: 'confirmed' }]],
    ['a transition with a reason', appointments, { status: 'cancelled', cancellationReason: 'Asked by phone', reason: 'Asked by phone', from: 'confirmed' },
      [{ field: 'status', value: 'cancelled', old: 'confirmed' }, { field: 'cancellationReason', value: 'Asked by phone' }, { field: 'reason', value: 'Asked by phone' }]],
    ['a value written as { from, to }', medicine, { name: { from: 'A', to: 'B' } }, [{ field: 'name', value: 'B', old: 'A' }]],
    ['a value written as { old, new }', medicine, { price: { old: 1, new: 2 } }, [{ field: 'price', value: 2, old: 1 }]],
    ['`from` of an entity without a workflow is a value like any other', medicine, { from: 'x' }, [{ field: 'from', value: 'x' }]],
    ['an entity the registry does not know', undefined, { path: 'content/a.png', size: 10 }, [{ field: 'path', value: 'content/a.png' }, { field: 'size', value: 10 }]],
  ] as const)('%s', (_, def, changes, expected) => {
    expect(changesOf(def, changes as Record<string, unknown> | null)).toEqual(expected);
  });
});
