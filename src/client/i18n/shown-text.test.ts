import { describe, expect, test } from 'vitest';
import { getEntity } from '../../registry';
import type { Translate } from '../../../commands';
import { csvRecords } from '../../../tests/csv-records';
import { csvRewriter } from '../export/csv-shown';
import { formatsFor } from './format';
import { shownSubtitle, shownText, shownTitle, shownTitleOf } from './shown-text';

/** A stand-in for i18next: a key's English words where the test needs them, else the key. */
const words: Record<string, string> = { 'value.yes': 'Yes', 'value.no': 'No', female: 'Female', confirmed: 'Confirmed' };
const t: Translate = (key, options) => words[key] ?? (options && 'defaultValue' in options ? String(options.defaultValue) : key);
const en = formatsFor('en');
const fr = formatsFor('fr');
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('values as the screen shows them', () => {
  const patients = getEntity('patients');
  const slots = getEntity('fmcslots');
  const appointments = getEntity('appointments');

  test('enum, day, money, number and yes/no, from the API\'s values or their raw CSV text', () => {
    expect(shownText(patients, 'gender', 'female', t, en)).toBe('Female');
    expect(shownText(patients, 'dateOfBirth', '1990-03-05', t, en)).toBe('05/03/1990');
    expect(shownText(appointments, 'fee', '100000.00', t, en)).toBe('₹1,00,000.00');
    expect(plain(shownText(appointments, 'fee', 1500, t, fr)!)).toBe('1 500,00 ₹');
    expect(shownText(slots, 'capacity', '12', t, en)).toBe('12');
    expect(shownText(slots, 'startTime', '10:00:00', t, en)).toBe('10:00');
    // A reference, a text: left to the caller.
    expect(shownText(appointments, 'patient', 12, t, en)).toBeNull();
    expect(shownText(patients, 'firstName', 'Asha', t, en)).toBeNull();
    expect(shownText(patients, 'gender', '', t, en)).toBeNull();
  });

  test('a moment where the browser is, in the language\'s order and clock', () => {
    const iso = new Date(2026, 10, 27, 10, 0).toISOString();
    expect(plain(shownText(appointments, 'scheduledAt', iso, t, en)!)).toBe('27/11/2026, 10:00 am');
    expect(plain(shownText(appointments, 'createdAt', iso, t, fr)!)).toBe('27/11/2026 10:00');
  });

  test('a slot\'s title: its day in the user\'s order and its hour; a title with text after its day keeps the text', () => {
    expect(shownTitle(slots, '2026-11-27 10:00', t, en)).toBe('27/11/2026 10:00');
    expect(shownTitle(slots, '2026-11-27 10:00', t, formatsFor('zh'))).toBe('2026/11/27 10:00');
    expect(shownTitleOf(slots, { date: '2026-11-27', startTime: '10:00:00' }, t, en)).toBe('27/11/2026 10:00');
    expect(shownTitle(getEntity('dentisttest'), '2026-11-20 Dr Rao 2026-01-01', t, en)).toBe('20/11/2026 Dr Rao 2026-01-01');
    // Already shown, or not a date at all: as given.
    expect(shownTitle(slots, '27/11/2026 10:00', t, en)).toBe('27/11/2026 10:00');
    expect(shownTitle(patients, 'Asha 2026-11-27', t, en)).toBe('Asha 2026-11-27');
    expect(shownSubtitle(slots, '11:30:00', en)).toBe('11:30');
  });
});

describe('a CSV rewritten as shown while it streams', () => {
  const rewrite = (column: number, raw: string) => (column === 1 ? `<${raw}>` : column === 2 && /^\d+$/.test(raw) ? `-${raw}` : null);
  const file = '\ufeffName,Day,Amount\r\n"Rao, Asha",2026-11-27,5\r\n"say ""hi""\r\nthere",,\'=1\r\n';

  test('each typed cell rewritten and guarded, every other cell and the header as they came, in any pieces', () => {
    const bytes = new TextEncoder().encode(file);
    for (const size of [1, 2, 3, 7, bytes.length]) {
      const r = csvRewriter(rewrite);
      const out: string[] = [];
      const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
      for (let i = 0; i < bytes.length; i += size) out.push(decoder.decode(r.push(bytes.subarray(i, i + size)), { stream: true }));
      out.push(decoder.decode(r.end()));
      const text = out.join('');
      expect(text.startsWith('\ufeffName,Day,Amount\r\n')).toBe(true);
      // A cell made to start with a minus gets the formula guard; a cell kept keeps its own quoting and guard.
      expect(csvRecords(text.slice(1)).records).toEqual([
        ['Name', 'Day', 'Amount'],
        ['Rao, Asha', '<2026-11-27>', '\'-5'],
        ['say "hi"\r\nthere', '', '\'=1'],
      ]);
    }
  });
});
