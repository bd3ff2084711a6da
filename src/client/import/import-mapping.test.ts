import { beforeEach, describe, expect, it } from 'vitest';
import { getEntity } from '../../registry';
import { doubledFields, rememberedMapping, rememberMapping } from './import-mapping';

describe('the remembered import mapping', () => {
  const state = getEntity('state');
  // The browser's storage as a map (unit tests run in Node, which has none).
  let kept = new Map<string, string>();
  const store = { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => { kept.set(k, v); } };
  beforeEach(() => { kept = new Map(); });

  it('is kept per entity and merged with what was kept before', () => {
    rememberMapping(state, { Nom: 'name', Extra: '' }, store);
    rememberMapping(state, { Code: 'code' }, store);
    expect(rememberedMapping(state, store)).toEqual({ Nom: 'name', Extra: '', Code: 'code' });
    expect(rememberedMapping(getEntity('city'), store)).toEqual({});
  });

  it('drops fields the record no longer has and survives a broken memory', () => {
    store.setItem('import-mapping:state', JSON.stringify({ A: 'name', B: 'noSuchField', C: 3 }));
    expect(rememberedMapping(state, store)).toEqual({ A: 'name' });
    store.setItem('import-mapping:state', '{not json');
    expect(rememberedMapping(state, store)).toEqual({});
  });

  it('names a field two columns fill', () => {
    expect(doubledFields({ A: 'name', B: 'name', C: '', D: '', E: 'code' })).toEqual(['name']);
  });
});
