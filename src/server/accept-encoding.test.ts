import { expect, test } from 'vitest';
import { acceptsEncoding } from './accept-encoding';

test('Accept-Encoding: named codings, weights, q=0 and the wildcard', () => {
  expect(acceptsEncoding('gzip, deflate, br', 'br')).toBe(true);
  expect(acceptsEncoding('gzip;q=0.5', 'gzip')).toBe(true);
  expect(acceptsEncoding('br;q=0, gzip', 'br')).toBe(false);
  expect(acceptsEncoding('*', 'gzip')).toBe(true);
  expect(acceptsEncoding('gzip;q=0, *', 'gzip')).toBe(false);
  expect(acceptsEncoding('identity', 'gzip')).toBe(false);
  expect(acceptsEncoding(undefined, 'gzip')).toBe(false);
});
