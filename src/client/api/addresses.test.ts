import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

/**
 * src/client/api is the only code that spells an API address: a screen asks the entity API or its screen's api file,
 * so an endpoint that moves changes here alone, and the change stream can invalidate every read by its key. An
 * address is `/api/` not preceded by a path (`../api/entities` is an import of this folder, not an address).
 */
const ROOTS = ['src/client', 'commands'];
const OWN = path.join('src', 'client', 'api') + path.sep;
const ADDRESS = /(?<![\w.])\/api\//;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return files(full);
    return /\.(ts|tsx)$/.test(e.name) ? [full] : [];
  });
}

test('no file outside src/client/api spells an API address', () => {
  const found = ROOTS.flatMap(files).filter((f) => !f.startsWith(OWN)).flatMap((file) =>
    readFileSync(file, 'utf8').split('\n').flatMap((line, i) => (ADDRESS.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])));
  expect(found).toEqual([]);
});

test('the rule sees an address and passes an import of this folder', () => {
  expect(ADDRESS.test('api.get(`/api/${def.api}/${id}`)')).toBe(true);
  expect(ADDRESS.test("fetch('/api/home')")).toBe(true);
  expect(ADDRESS.test('// GET /api/search as the server answers')).toBe(true);
  expect(ADDRESS.test("import { entities } from '../api/entities';")).toBe(false);
  expect(ADDRESS.test('kept in src/client/api/keys.ts')).toBe(false);
});
