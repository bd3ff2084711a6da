import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../commands';
import type { SearchHit } from '../api/search';
import type { Ranked } from '../text/rank';
import { sectionsOf } from './record-groups';
import type { Result } from './results';

const record = (entity: string, id: number, score: number): Ranked<Result> => ({ item: { kind: 'record', hit: { entity, id, title: `${entity} ${id}`, subtitle: '' } as SearchHit }, score, ranges: [] });
const command = (id: string, score: number): Ranked<Result> => ({ item: { kind: 'command', cmd: COMMANDS.get(id)! }, score, ranges: [] });
const shape = (parts: ReturnType<typeof sectionsOf>) => parts.map((p) => ({
  entity: p.entity ?? 'commands',
  lines: p.lines.map((l) => (l.item.kind === 'record' ? `${l.item.hit.entity}:${l.item.hit.id}` : l.item.cmd.id)),
  ...(p.more ? { more: p.more } : {}),
}));

describe('the records of the palette by kind, a few each, with a line for the rest', () => {
  it('a surname five doctors share: three doctors and the rest in one line, the patient’s payments still listed', () => {
    const first = record('doctor', 1, 4.5);
    const rest = [
      record('doctor', 2, 4.5), record('doctor', 3, 4.5), record('doctor', 4, 4.5), record('doctor', 5, 4.5),
      record('patients', 9, 4.4),
      command('doctor.list', 1.3),
      record('appointments', 20, 0.5), record('appointments', 21, 0.5), record('appointments', 22, 0.5), record('appointments', 23, 0.5),
      record('payment', 30, 0.5), record('payment', 31, 0.5),
    ];
    const groups = [
      { entity: 'doctor', count: 5, more: false }, { entity: 'patients', count: 1, more: false },
      { entity: 'appointments', count: 50, more: true }, { entity: 'payment', count: 2, more: false },
    ];
    expect(shape(sectionsOf(first, rest, groups))).toEqual([
      // The first line is a doctor: it counts among the three listed.
      { entity: 'doctor', lines: ['doctor:2', 'doctor:3'], more: { count: 2, atLeast: false } },
      { entity: 'patients', lines: ['patients:9'] },
      { entity: 'commands', lines: ['doctor.list'] },
      { entity: 'appointments', lines: ['appointments:20', 'appointments:21', 'appointments:22'], more: { count: 47, atLeast: true } },
      { entity: 'payment', lines: ['payment:30', 'payment:31'] },
    ]);
  });

  it('commands first when they match better; no line for the rest until the kind’s count is known', () => {
    const parts = sectionsOf(command('payment.list.recent', 4.5), [command('payment.filter', 4.4), record('payment', 1, 1.2)], []);
    expect(shape(parts)).toEqual([{ entity: 'commands', lines: ['payment.filter'] }, { entity: 'payment', lines: ['payment:1'] }]);
  });
});
