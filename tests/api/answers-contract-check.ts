import { afterAll, expect } from 'vitest';
import { undocumentedAnswers } from './answers-contract';

/** Set up before every API test file (vitest.config.ts): at its end, every answer it received is one the document gives. */
afterAll(() => {
  expect(undocumentedAnswers(), 'answers /api/openapi.json does not describe').toEqual([]);
});
