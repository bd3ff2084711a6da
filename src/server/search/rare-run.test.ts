import { describe, expect, test } from 'vitest';
import { rareRun } from '.';

describe('rareRun: the long number the index is asked for alone', () => {
  test.each([
    ['APT-2026-1987655', '1987655'],
    ['ravi 98450 12345', '98450'],
    ['pay-2025-0012345-x', '0012345'],
    ['1987655', null], // the term is the number: nothing to add
    [' 98450 ', null],
    ['apt-2026-198', null], // no run of five digits
    ['2026-01-05', null],
    ['kumar', null],
  ])('%s → %s', (q, run) => expect(rareRun(q)).toBe(run));
});
