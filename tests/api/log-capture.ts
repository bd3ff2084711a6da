import { afterAll, expect } from 'vitest';
import { captureLog } from '../../src/server/ops/logger';
import { personalDataIn } from './log-privacy';

/**
 * Set up before every API test file (vitest.config.ts): the server's log lines are read instead of printed, and the
 * file fails if any of them holds personal data or a token (log-privacy.ts). So the whole API suite, every call it
 * makes, is a test of the log.
 */
const offending: string[] = [];
const release = captureLog((line) => {
  const found = personalDataIn(line);
  if (found && offending.length < 20) offending.push(found);
});

afterAll(() => {
  release();
  expect(offending, 'log lines with personal data or a token').toEqual([]);
});
