import { describe, expect, test } from 'vitest';
import { getEntity } from '../../registry';
import { exportUrl, recordCounter } from './export-download';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('recordCounter: CSV records counted as their bytes arrive', () => {
  test.each([
    ['plain lines', ['a,b\r\n', '1,2\r\n3,4\r\n'], 3],
    ['a line break inside quotes is no record end', ['"x\ny",1\r\n', '"p ""q""\r\n r",2\r\n'], 2],
    ['a quoted cell split across pieces', ['h\r\n"one\n', 'two",3\r\n'], 2],
    ['a multi-byte name split mid-character', ['h\r\n', new TextDecoder().decode(bytes('अश्व').slice(0, 4)), '\r\n'], 2],
  ])('%s', (_, pieces, records) => {
    const count = recordCounter();
    let n = 0;
    for (const p of pieces) n = count(typeof p === 'string' ? bytes(p) : p);
    expect(n).toBe(records);
  });
});

test('exportUrl: the list query, the columns, one header each, and the ids', () => {
  const url = new URL(exportUrl(getEntity('patients'), {
    query: { q: 'shah', sort: { field: 'lastName', dir: 'desc' }, filters: { status: 'active' } },
    columns: ['firstName', 'phone'], headers: ['Prénom', 'Téléphone, mobile'], ids: [3, 1],
  }), 'http://x');
  expect(url.pathname).toBe('/api/patients/export');
  expect(url.searchParams.get('q')).toBe('shah');
  expect(url.searchParams.get('sort')).toBe('lastName:desc');
  expect(url.searchParams.get('filter[status]')).toBe('active');
  expect(url.searchParams.get('columns')).toBe('firstName,phone');
  expect(url.searchParams.getAll('header')).toEqual(['Prénom', 'Téléphone, mobile']);
  expect(url.searchParams.get('ids')).toBe('3,1');
});
