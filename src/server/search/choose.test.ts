import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { ALONE, choose, type Way } from './choose';
import { COUNT_WAYS } from './count-ways';
import { LIST_ORDER_WAYS } from './list-order';
import { LIST_WAYS } from './list-ways';

type Ask = { applies: string[]; costs: Record<string, number>; short: string[]; asked: string[] };

const way = (name: string): Way<string, Ask, string> => ({
  name,
  applies: (ask) => ask.applies.includes(name),
  estimate: (ask) => { ask.asked.push(name); return ask.costs[name] ?? ALONE(); },
  run: async (ask) => (ask.short.includes(name) ? null : name),
});
const ways = ['a', 'b', 'c'].map(way);
const ask = (applies: string[], costs: Record<string, number> = {}, short: string[] = []): Ask => ({ applies, costs, short, asked: [] });

describe('choose', () => {
  test('one way applies: taken, no estimate asked', async () => {
    const question = ask(['b'], { b: 5 });
    expect(await choose(ways, question)).toEqual({ name: 'b', answer: 'b', declined: [] });
    expect(question.asked).toEqual([]);
  });

  test('several apply: the cheapest; on equal estimates the one listed later; Infinity loses to a bound', async () => {
    expect((await choose(ways, ask(['a', 'c'], { a: 1, c: 2 }))).name).toBe('a');
    expect((await choose(ways, ask(['a', 'c'], { a: 2, c: 2 }))).name).toBe('c');
    expect((await choose(ways, ask(['a', 'b'], { a: Infinity, b: 9 }))).name).toBe('b');
  });

  test('a way that falls short is set aside and the choice made again', async () => {
    expect(await choose(ways, ask(['a', 'c'], { a: 1, c: 2 }, ['a']))).toEqual({ name: 'c', answer: 'c', declined: ['a'] });
  });

  test('no way applies: an error, not an answer', async () => {
    await expect(choose(ways, ask([]))).rejects.toThrow('No way applies');
  });
});

describe('the registries', () => {
  const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8');
  test.each([['LIST_WAYS', LIST_WAYS], ['LIST_ORDER_WAYS', LIST_ORDER_WAYS], ['COUNT_WAYS', COUNT_WAYS]] as const)('%s: names unique, each in a row of README.md', (_, registry) => {
    const names = registry.map((w) => w.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(readme, name).toContain(`| \`${name}\` |`);
  });
});
