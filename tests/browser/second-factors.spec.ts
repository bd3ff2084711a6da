import { Secret, TOTP } from 'otpauth';
import { DEMO_PASSWORD } from './consoles';
import { expect, test, type Page } from './fixtures';

/**
 * One-time codes in the browser (issue 34 §2), keyboard only: an account of its own (the demo accounts are shared by
 * the other files) signs in, enrols from /second-factor (the picture and the key as text, a first code, the ten
 * recovery codes), then signs in again with its password and a code, and once with a recovery code. The codes are
 * made with otpauth from the key the page shows, as an authenticator app would.
 */
const PASSWORD = 'Codes-and-keys-4-tests';

const codeAt = (secret: string, offsetSeconds: number) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSeconds * 1000 });

/** A railway account made as an administrator makes one, through the API. */
async function newAccount(baseURL: string) {
  const email = `codes-${Date.now()}-${Math.floor(Math.random() * 1e6)}@demo.test`;
  const login = await fetch(`${baseURL}/api/adminUser/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'superadmin@demo.test', password: DEMO_PASSWORD }) });
  const auth = { Authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}`, 'content-type': 'application/json' };
  const roles = (await (await fetch(`${baseURL}/api/roles?limit=100`, { headers: auth })).json()) as { data: { id: number; key: string }[] };
  const made = await fetch(`${baseURL}/api/admin-user`, {
    method: 'POST', headers: auth,
    body: JSON.stringify({ firstName: 'Cora', lastName: 'Codes', email, role: roles.data.find((r) => r.key === 'railway')!.id, status: 'active', password: PASSWORD }),
  });
  expect(made.status).toBe(201);
  return email;
}

async function typeSignIn(page: Page, email: string) {
  await page.goto('/signin');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
}

async function signOut(page: Page) {
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
}

test('enrol one-time codes, then sign in with a code and with a recovery code, by keyboard', async ({ page, baseURL }) => {
  const email = await newAccount(baseURL!);
  await typeSignIn(page, email);
  await page.waitForURL('**/dashboard');

  await page.goto('/second-factor');
  await expect(page.getByRole('heading', { name: 'Set up one-time codes' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code of your key for the authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(page.getByLabel('The code the app shows now')).toBeFocused();
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`enrol-${width}.png`), fullPage: true });
  }
  // A wrong code first: said, and nothing turned on.
  await page.keyboard.type('000000');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText('This code is not right');
  await page.getByLabel('The code the app shows now').fill('');
  await page.keyboard.type(codeAt(secret, 0));
  await page.keyboard.press('Enter');
  const codes = page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = await codes.first().innerText();
  await page.screenshot({ path: test.info().outputPath('recovery-codes.png') });
  await expect(page.getByRole('link', { name: 'Continue to the console' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard');

  // Signing in again: the password, then a code of the next time step (the enrolment took this one).
  await signOut(page);
  await typeSignIn(page, email);
  await expect(page.getByLabel('Code from your authenticator app, or a recovery code')).toBeFocused();
  await page.keyboard.type(codeAt(secret, 30));
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard');

  // And with a recovery code, once.
  await signOut(page);
  await typeSignIn(page, email);
  await expect(page.getByLabel('Code from your authenticator app, or a recovery code')).toBeFocused();
  await page.keyboard.type(recovery);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard');
});
