import { DEMO_PASSWORD } from './consoles';
import { expect, test, type Page } from './fixtures';

/**
 * Passkeys in the browser (issue 34 §2–§4), with Chromium's virtual authenticator (CDP WebAuthn: ctap2, internal, user
 * verification on): an account of its own adds a passkey in Preferences, signs out, and signs in with its password
 * then the passkey, by keyboard; the sessions list says how. The console is reached at `localhost`, not 127.0.0.1: a
 * passkey belongs to a domain, never to an IP address, and without PUBLIC_URL it is bound to the address reached.
 */
const PASSWORD = 'Passkeys-and-keys-4-tests';

async function newAccount(baseURL: string) {
  const email = `passkey-${Date.now()}-${Math.floor(Math.random() * 1e6)}@demo.test`;
  const login = await fetch(`${baseURL}/api/adminUser/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'superadmin@demo.test', password: DEMO_PASSWORD }) });
  const auth = { Authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}`, 'content-type': 'application/json' };
  const roles = (await (await fetch(`${baseURL}/api/roles?limit=100`, { headers: auth })).json()) as { data: { id: number; key: string }[] };
  const made = await fetch(`${baseURL}/api/admin-user`, {
    method: 'POST', headers: auth,
    body: JSON.stringify({ firstName: 'Pia', lastName: 'Passkey', email, role: roles.data.find((r) => r.key === 'railway')!.id, status: 'active', password: PASSWORD }),
  });
  expect(made.status).toBe(201);
  return email;
}

async function typeSignIn(page: Page, origin: string, email: string) {
  await page.goto(`${origin}/signin`);
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
}

/** Chromium's virtual authenticator on the page (ctap2, internal, user verified): it answers the browser's questions. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

async function openPreferences(page: Page) {
  await page.keyboard.press('Control+k');
  await page.keyboard.type('Preferences');
  await expect(page.locator('[data-palette-item]').filter({ hasText: 'Preferences' }).first()).toBeVisible();
  await page.keyboard.press('Enter');
  return page.getByRole('dialog', { name: 'Preferences' });
}

test('add a passkey in Preferences, then sign in with the password and the passkey, by keyboard', async ({ page, baseURL }) => {
  const email = await newAccount(baseURL!);
  const origin = baseURL!.replace('127.0.0.1', 'localhost');
  const { cdp, authenticatorId } = await virtualAuthenticator(page);

  await typeSignIn(page, origin, email);
  await page.waitForURL('**/dashboard');
  const prefs = await openPreferences(page);
  await expect(prefs.getByRole('heading', { name: 'Second factors' })).toBeVisible();
  await expect(prefs.getByText('No passkey yet.')).toBeVisible();
  // From the name field on: type, Enter adds (the virtual authenticator answers the browser's question).
  await prefs.getByLabel('Name of a new passkey').focus();
  await page.keyboard.type('Test laptop');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Passkey added')).toBeVisible();
  const keys = prefs.getByRole('list', { name: 'Passkeys and security keys' }).getByRole('listitem');
  await expect(keys).toHaveCount(1);
  await expect(keys.first()).toContainText('Test laptop');
  await expect(keys.first()).toContainText('last used never');
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);

  // Renamed by keyboard: the row's Rename button, the name, Enter.
  await prefs.getByRole('button', { name: 'Rename Test laptop' }).focus();
  await page.keyboard.press('Enter');
  await expect(prefs.getByLabel('Rename Test laptop')).toBeFocused();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('Work laptop');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Passkey renamed')).toBeVisible();
  await expect(keys.first()).toContainText('Work laptop');
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await prefs.getByRole('heading', { name: 'Second factors' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`preferences-factors-${width}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // Signed out; the password, then the passkey: the button has the focus, Enter uses it.
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
  await typeSignIn(page, origin, email);
  const usePasskey = page.getByRole('button', { name: 'Use a passkey' });
  await expect(usePasskey).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('second-step-passkey.png') });
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard');

  // The sessions list says how this one signed in; the passkey's last use is now.
  const again = await openPreferences(page);
  const current = again.locator('.sessions li').filter({ hasText: 'This browser' });
  await expect(current.getByTestId('session-how')).toHaveText('Signed in with password + passkey');
  await expect(again.getByRole('list', { name: 'Passkeys and security keys' }).getByRole('listitem').first()).not.toContainText('last used never');
});

test('a passkey instead of codes on the enrolment page, by keyboard, then on to the console', async ({ page, baseURL }) => {
  const email = await newAccount(baseURL!);
  const origin = baseURL!.replace('127.0.0.1', 'localhost');
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  await typeSignIn(page, origin, email);
  await page.waitForURL('**/dashboard');
  // Where a role that needs a factor is sent: codes first, a passkey below them.
  await page.goto(`${origin}/second-factor`);
  await expect(page.getByLabel('The code the app shows now')).toBeFocused();
  await page.getByLabel('Name of the passkey').focus();
  await page.keyboard.type('Desk key');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Your passkey is added: it is your second factor from now on.')).toBeVisible();
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);
  const onward = page.getByRole('link', { name: 'Continue to the console' });
  await onward.focus();
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard');
});
