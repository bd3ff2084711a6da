import { expect, test } from 'vitest';
import { readConfig } from '../config';
import { hashPassword, verifyPassword } from './password';

// The API tests hash at a low cost for speed (tests/api/seeded-database.ts); the cost the console ships with is
// hashed and checked here, within scrypt's memory limit.
test('a password hashed at the default cost verifies, and a wrong one does not', async () => {
  const logN = readConfig({}).scryptLogN;
  expect(logN).toBe(17);
  const stored = await hashPassword('correct horse battery staple', logN);
  expect(stored.split('$').slice(0, 4)).toEqual(['scrypt', '17', '8', '1']);
  expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
  expect(await verifyPassword('correct horse battery stapler', stored)).toBe(false);
});

test('a hash is checked at the cost it was stored with, whatever the cost is now', async () => {
  const cheap = await hashPassword('s3cret-enough', 10);
  expect(cheap.split('$')[1]).toBe('10');
  expect(await verifyPassword('s3cret-enough', cheap)).toBe(true);
  expect(await verifyPassword('s3cret-enough', 'md5$abc')).toBe(false);
});
