import { describe, expect, test } from 'vitest';
import { COLUMN_WIDTH, ENTITIES, f, getEntity, type EntityDef } from '../../registry';
import { clampWidth, columnSpecs, fitWidths, kindSize } from './column-widths';

/** The width of each list column comes from its field's kind: what it holds decides, never the entity. */
describe('list column widths from field kinds', () => {
  test.each([
    // field, at least, at most, alignment
    ['phone', f.phone(), 140, 180, 'start'],
    ['email', f.email(), 180, 260, 'start'],
    ['date', f.date(), 96, 130, 'start'],
    ['datetime', f.datetime(), 150, 200, 'start'],
    ['money', f.money(), 110, 150, 'end'],
    ['int', f.int(), 72, 110, 'end'],
    ['decimal', f.decimal(), 80, 130, 'end'],
    ['enum (status)', f.enum(['active', 'inactive']), 100, 140, 'start'],
    ['bool', f.bool(), 60, 100, 'start'],
    ['code', f.code(), 130, 170, 'start'],
    ['short code', f.code({ max: 20 }), 90, 120, 'start'],
    ['short text', f.text({ max: 60 }), 120, 160, 'start'],
    ['text', f.text({ max: 120 }), 150, 190, 'start'],
    ['long text', f.longText(), 240, 300, 'start'],
    ['reference', f.ref('city'), 150, 200, 'start'],
  ] as const)('%s: %i to %i px, aligned %s', (_name, fd, lo, hi, align) => {
    const s = kindSize(fd);
    expect(s.width).toBeGreaterThanOrEqual(lo);
    expect(s.width).toBeLessThanOrEqual(hi);
    expect(s.align).toBe(align);
    expect(s.min).toBeLessThanOrEqual(s.width);
    expect(s.min).toBeGreaterThanOrEqual(COLUMN_WIDTH.min);
  });

  test('a phone number gets more room than a status, money lines up on the right (the issue: phones cut off beside half-empty statuses)', () => {
    const patients = columnSpecs(getEntity('patients'));
    expect(patients.phone.width).toBeGreaterThan(patients.status.width);
    expect(patients.dateOfBirth.width).toBeLessThan(patients.phone.width);
    const appointments = columnSpecs(getEntity('appointments'));
    expect(appointments.fee.align).toBe('end');
    expect(appointments.number.width).toBeGreaterThan(appointments.status.width);
  });

  test('the spare room goes to one column: the long text, else the longest text, else the first reference; chosen among those shown', () => {
    const flex = (def: EntityDef, fields?: string[]) => Object.entries(columnSpecs(def, fields)).filter(([, s]) => s.flex).map(([k]) => k);
    expect(flex(getEntity('roles'))).toEqual(['description']);
    expect(flex(getEntity('medicine'))).toEqual(['genericName']);
    expect(flex(getEntity('patients'))).toEqual(['firstName']);
    expect(flex(getEntity('appointments'))).toEqual(['patient']);
    expect(flex(getEntity('medicine'), ['name', 'price'])).toEqual(['name']);
    expect(flex(getEntity('appointments'), ['number', 'fee'])).toEqual([]);
  });

  test('every column of every entity has a width within the preferences bounds, and at most one flexible column', () => {
    for (const def of ENTITIES) {
      const specs = columnSpecs(def);
      expect(Object.keys(specs)).toEqual(def.columns);
      for (const s of Object.values(specs)) {
        expect(s.width).toBeGreaterThanOrEqual(s.min);
        expect(s.width).toBeLessThanOrEqual(COLUMN_WIDTH.max);
      }
      expect(Object.values(specs).filter((s) => s.flex).length).toBeLessThanOrEqual(1);
    }
  });

  test("a width the user sets stays between the column's readable minimum and the maximum, in whole pixels", () => {
    const phone = kindSize(f.phone());
    expect(clampWidth(phone, 10)).toBe(phone.min);
    expect(clampWidth(phone, 99_999)).toBe(COLUMN_WIDTH.max);
    expect(clampWidth(phone, 200.4)).toBe(200);
  });

  test('too wide for the room: the columns not sized by the user give up room by what they have above their minimum, no further', () => {
    const cols = [
      { field: 'name', width: 200, min: 100, keep: true }, // the pinned first column
      { field: 'phone', width: 150, min: 130, keep: false },
      { field: 'city', width: 160, min: 110, keep: false },
      { field: 'fee', width: 300, min: 100, keep: true }, // sized by the user
    ];
    expect(fitWidths(cols, 1000)).toEqual({ name: 200, phone: 150, city: 160, fee: 300 });
    // 35 px too wide: phone has 20 to spare, city 50; they give 10 and 25.
    expect(fitWidths(cols, 775)).toEqual({ name: 200, phone: 140, city: 135, fee: 300 });
    // Far too narrow (a phone): each down to its minimum, the kept ones as they are; the list scrolls sideways.
    expect(fitWidths(cols, 300)).toEqual({ name: 200, phone: 130, city: 110, fee: 300 });
    const all = fitWidths(cols, 775);
    expect(Object.values(all).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(775);
  });

  test('on a 1280 px screen beside the sidebar, the patients list keeps every phone number whole and the phone wider than the status', () => {
    const def = getEntity('patients');
    const specs = columnSpecs(def);
    const fitted = fitWidths(def.columns.map((c, i) => ({ field: c, width: specs[c].width, min: specs[c].min, keep: i === 0 })), 930 - 40 - 120);
    expect(fitted.phone).toBeGreaterThanOrEqual(kindSize(f.phone()).min);
    expect(fitted.phone).toBeGreaterThan(fitted.status);
  });
});
