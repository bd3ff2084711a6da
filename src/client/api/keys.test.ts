import { partialMatchKey } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import { getEntity } from '../../registry';
import { entities } from './entities';
import { keys } from './keys';

/** A key names the read it is a prefix of: what `invalidateQueries({ queryKey })` refreshes. */
const covers = (prefix: readonly unknown[], key: readonly unknown[]) => partialMatchKey(key as unknown[], prefix as unknown[]);

const sort = { field: 'lastName', dir: 'asc' } as const;
const patients = keys.entity('patients');

describe('the key factory', () => {
  test.each([
    ['an entity covers its lists', patients.all, patients.list({ sort, filters: {} }), true],
    ['an entity covers its records', patients.all, patients.record(7), true],
    ['its lists cover every query', patients.lists, patients.list({ q: 'shah', sort, filters: { status: 'active' } }), true],
    ['its lists do not cover a record', patients.lists, patients.record(7), false],
    ['a record covers its history', patients.record(7), patients.history(7), true],
    ['its history covers each version’s', patients.history(7), patients.history(7, 3), true],
    ['a record covers its timeline', patients.record(7), patients.timeline(7), true],
    ['a record does not cover another', patients.record(7), patients.record(70), false],
    ['a record does not cover another’s history', patients.record(7), patients.history(70), false],
    ['pickers cover every typed text', patients.pickers, patients.options({ q: 'sh', limit: 30 }), true],
    ['an entity does not cover another', patients.all, keys.entity('doctor').list({ sort, filters: {} }), false],
    ['a screen covers its filters', keys.screen('fmclogs'), keys.screen('fmclogs', { actor: '3' }), true],
    ['screens cover every screen', keys.screens, keys.screen('drpatient', {}), true],
    ['a screen does not cover another', keys.screen('drpatient'), keys.screen('drpatientx', {}), false],
  ])('%s', (_, prefix, key, expected) => {
    expect(covers(prefix, key)).toBe(expected);
  });

  test('one list per query: a blank search is no search, and filters in any order are one list', () => {
    const a = patients.list({ q: '', sort, filters: { status: 'active', gender: 'f' } });
    const b = patients.list({ q: undefined, sort, filters: { gender: 'f', status: 'active' } });
    expect(covers(a, b) && covers(b, a)).toBe(true);
    expect(covers(a, patients.list({ q: 'x', sort, filters: { status: 'active', gender: 'f' } }))).toBe(false);
    expect(covers(a, patients.list({ sort: { ...sort, dir: 'desc' }, filters: { status: 'active', gender: 'f' } }))).toBe(false);
  });

  test('the entity API reads under the factory’s keys', () => {
    const def = getEntity('patients');
    expect(entities.get(def, 7).key).toEqual(patients.record(7));
    expect(entities.history(def, 7).key).toEqual(patients.history(7));
    expect(entities.timeline(def, 7).key).toEqual(patients.timeline(7));
    expect(entities.list(def, { sort, filters: {} }).key).toEqual(patients.list({ sort, filters: {} }));
    // Options are said in the language in use (hit-sentence.ts): under the factory's key, the language after it.
    expect(entities.options(def, { ids: [1] }).key).toEqual([...patients.options({ ids: [1] }), 'en']);
  });
});
