import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { getEntity } from './catalog';
import { ENTITIES } from './entities';
import { allowedMoves, movesFrom, transitionRoles } from './derive/transitions';
import { rolesFor } from './policy';

/**
 * Every workflow's transition table equals the table of
 * decisions-statuses.md beside this file (docs/decisions.md#statuses-and-transitions), parsed from its own words: "a → b, c; d → e", chains "a → b → c",
 * "x or y → z", parenthetical notes left out.
 */
const text = readFileSync(fileURLToPath(new URL('./decisions-statuses.md', import.meta.url)), 'utf8');

function parseMoves(cell: string): string[] {
  const moves: string[] = [];
  for (const clause of cell.replace(/\([^)]*\)/g, '').split(';')) {
    const chain = clause.split('→').map((part) => part.split(/,| or /).map((s) => s.trim()).filter((s) => /^[a-z_]+$/.test(s)));
    for (let i = 0; i + 1 < chain.length; i++) for (const from of chain[i]) for (const to of chain[i + 1]) moves.push(`${from} → ${to}`);
  }
  return moves.sort();
}

const rows = text.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| record') && !l.startsWith('| ---')).map((l) => l.split('|').slice(1, -1).map((s) => s.trim()));
const RECORD: Record<string, string> = { appointment: 'appointments', payment: 'payment', 'doctor verification': 'requestVerification', 'support ticket': 'supportTicket' };

/**
 * Where the registry departs from that table on purpose, with the reason in the entity's file: a missed appointment
 * can be rescheduled (appointments.ts).
 */
const AMENDED: Record<string, string[]> = { appointments: ['missed → rescheduled'] };

const declared = (entity: string) => getEntity(entity).workflow!.transitions.flatMap((t) => t.from.map((f) => `${f} → ${t.to}`)).sort();

describe('transition tables equal decisions-statuses.md', () => {
  test('the table is read: four records', () => {
    expect(rows.map((r) => r[0])).toEqual(Object.keys(RECORD));
  });

  test.each(rows.map((r) => [r[0], r] as const))('%s', (record, row) => {
    const entity = RECORD[record];
    expect(declared(entity)).toEqual([...parseMoves(row[2]), ...(AMENDED[entity] ?? [])].sort());
    const statuses = row[1].replace(/\([^)]*\)/g, '').split(',').map((s) => s.trim());
    expect([...getEntity(entity).fields[getEntity(entity).workflow!.field].values!].sort()).toEqual(statuses.sort());
  });

  test('the parser reads chains, alternatives and notes', () => {
    expect(parseMoves('open → in_progress → resolved; resolved or closed → open (reopen)')).toEqual(['closed → open', 'in_progress → resolved', 'open → in_progress', 'resolved → open']);
  });
});

describe('derive/transitions', () => {
  const appointments = getEntity('appointments');
  test('moves from a status, in declaration order; final statuses have none', () => {
    expect(movesFrom(appointments, 'confirmed').map((m) => m.to)).toEqual(['completed', 'missed', 'rescheduled', 'cancelled']);
    expect(movesFrom(appointments, 'completed')).toEqual([]);
    expect(movesFrom(appointments, 'cancelled')).toEqual([]);
  });

  test('roles of a move: edit, else the record page, else the list', () => {
    expect(transitionRoles(getEntity('supportTicket'), getEntity('supportTicket').workflow!.transitions[0])).toBe(rolesFor('supportTicket', 'edit'));
    expect(transitionRoles(appointments, appointments.workflow!.transitions[0])).toBe(rolesFor('appointments', 'view'));
    expect(transitionRoles(getEntity('payment'), getEntity('payment').workflow!.transitions[0])).toBe(rolesFor('payment', 'list'));
    expect(allowedMoves('railway', appointments, 'confirmed')).toEqual([]);
    expect(allowedMoves('admin', getEntity('requestVerification'), 'requested')).toEqual([]);
    expect(allowedMoves('superadmin', getEntity('requestVerification'), 'requested').map((m) => m.name)).toEqual(['approve', 'reject']);
  });

  test('every workflow entity declares a reason for cancellations and rejections that DECISIONS asks one for', () => {
    const reject = getEntity('requestVerification').workflow!.transitions.find((t) => t.name === 'reject')!;
    expect(reject.reason).toBe(true);
    expect(ENTITIES.filter((e) => e.workflow).length).toBeGreaterThanOrEqual(6);
  });
});
