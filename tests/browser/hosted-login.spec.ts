import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { ROOT } from '../crash/server-bundle';
import { startTestProvider, type TestProvider } from '../oidc/test-provider';
import { axeViolations, SERIOUS } from './axe';
import { DEMO_PASSWORD, READY_PORT } from './consoles';
import { expect, test, type Page } from './fixtures';

/**
 * Hosted login in the browser, against a real OpenID provider (oidc-provider) that this file starts on a local port,
 * and a console of its own set up for it (OIDC_ISSUER…, PUBLIC_URL): the button on the sign-in page, the provider's
 * sign-in form, the way back, and the refusals' page. Each worker's pair of ports lies past the run's ready port
 * (READY_PORT + 10 + 2·worker), clear of the consoles of tests/browser/consoles.ts.
 */
const people = {
  'p-admin': { email: 'admin@demo.test', email_verified: true },
  'p-stranger': { email: 'stranger@elsewhere.test', email_verified: true },
  'p-unverified': { email: 'superadmin@demo.test', email_verified: false },
  'p-disabled': { email: 'hosted-disabled@demo.test', email_verified: true },
};

let provider: TestProvider;
let consoleProcess: ChildProcess;
let own = '';
let dataDir = '';

// Playwright reads a hook's fixtures from its first parameter, which must be a pattern: this one needs none.
// eslint-disable-next-line no-empty-pattern
test.beforeAll(async ({}, testInfo) => {
  // No time limit: the console migrates a fresh database first, minutes on a busy machine; if it cannot start, it ends.
  testInfo.setTimeout(0);
  const providerPort = READY_PORT + 10 + 2 * testInfo.parallelIndex;
  const port = providerPort + 1;
  own = `http://127.0.0.1:${port}`;
  dataDir = `${ROOT}/.test-data/console-hosted-${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  provider = await startTestProvider({ port: providerPort, redirectUri: `${own}/auth0loginCallback`, postLogoutRedirectUri: `${own}/signin`, people });
  consoleProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO_PASSWORD, DEMO_DATA: '0', MFA_REQUIRED_ROLES: 'none', SCRYPT_LOG_N: '10', NODE_ENV: 'test', PUBLIC_URL: own,
      OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: provider.clientId, OIDC_CLIENT_SECRET: provider.clientSecret, OIDC_NAME: 'Hospital ID',
    },
  });
  const output: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const hear = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join('').includes('Console listening')) resolve();
    };
    consoleProcess.stdout!.on('data', hear);
    consoleProcess.stderr!.on('data', hear);
    consoleProcess.once('exit', (code) => reject(new Error(`the console ended (${code}) before listening:\n${output.join('')}`)));
  });
  // A disabled account for the provider's p-disabled, made as an administrator makes one.
  const login = await fetch(`${own}/api/adminUser/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'superadmin@demo.test', password: DEMO_PASSWORD }) });
  const auth = { Authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}`, 'content-type': 'application/json' };
  const roles = (await (await fetch(`${own}/api/roles?limit=100`, { headers: auth })).json()) as { data: { id: number; key: string }[] };
  const made = await fetch(`${own}/api/admin-user`, {
    method: 'POST', headers: auth,
    body: JSON.stringify({ firstName: 'Dora', lastName: 'Disabled', email: 'hosted-disabled@demo.test', role: roles.data.find((r) => r.key === 'admin')!.id, status: 'disabled', password: 'Correct-Horse-Battery-42' }),
  });
  expect(made.status, await made.text()).toBe(201);
});

test.afterAll(async () => {
  if (consoleProcess && consoleProcess.exitCode === null) {
    const ended = new Promise((resolve) => consoleProcess.once('exit', resolve));
    consoleProcess.kill('SIGTERM');
    await ended;
  }
  await provider?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** From the console's sign-in page, by keyboard: Tab past the password form to the provider's button, Enter. */
async function toProvider(page: Page, from = '/dashboard/city') {
  await page.goto(`${own}/signin?from=${encodeURIComponent(from)}`);
  const button = page.getByRole('button', { name: 'Sign in with Hospital ID' });
  await expect(button).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();
  for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.origin === provider.issuer);
}

/** The provider's own sign-in form (oidc-provider's development page), by keyboard: any password for a known login. */
async function signInAtProvider(page: Page, login: string) {
  const field = page.locator('input[name=login]');
  await expect(field).toBeFocused();
  await page.keyboard.type(login);
  await page.keyboard.press('Tab');
  await page.keyboard.type('any password');
  await page.keyboard.press('Enter');
}

test('sign in with the hosted login, back to the remembered page; sign out ends the provider\'s session too', async ({ page }) => {
  await toProvider(page);
  await signInAtProvider(page, 'p-admin');
  await page.waitForURL(`${own}/dashboard/city`);
  await expect(page.getByRole('heading', { name: 'Cities' })).toBeVisible();
  // Ends as a password sign-in does: the console's own token under the spec's keys.
  const stored = await page.evaluate(() => [localStorage.getItem('access_token'), localStorage.getItem('id_token'), Number(localStorage.getItem('expires_at'))] as const);
  expect(stored[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(stored[1]).toBe(stored[0]);
  expect(stored[2]).toBeGreaterThan(Date.now());

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  // The provider asks whether to sign out there too (its own page), then sends the browser back to the sign-in page.
  await page.waitForURL((url) => url.origin === provider.issuer);
  await page.getByRole('button', { name: /yes, sign me out/i }).click();
  await page.waitForURL(`${own}/signin`);
  expect(await page.evaluate(() => localStorage.getItem('id_token'))).toBeNull();
  // Signed out at the provider as well: it asks who is signing in again.
  await toProvider(page);
  await expect(page.locator('input[name=login]')).toBeVisible();
});

test('a person without a staff account: a page saying so, nothing signed in; Enter goes back', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await toProvider(page);
  await signInAtProvider(page, 'p-stranger');
  await page.waitForURL(`${own}/auth0loginCallback`);
  await expect(page.getByRole('heading', { name: 'Sign-in refused' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('No staff account for stranger@elsewhere.test: ask an administrator.');
  expect(await page.evaluate(() => localStorage.getItem('id_token'))).toBeNull();
  expect((await axeViolations(page)).filter((v) => SERIOUS.has(v.impact ?? ''))).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('refused-390.png') });
  await expect(page.getByRole('link', { name: 'Back to sign in' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.waitForURL(`${own}/signin`);
});

test('an e-mail address the provider has not verified is refused, even one a staff account has', async ({ page }) => {
  await toProvider(page);
  await signInAtProvider(page, 'p-unverified');
  await expect(page.getByRole('alert')).toHaveText('The sign-in provider has not verified superadmin@demo.test: verify it there, or ask an administrator.');
  expect(await page.evaluate(() => localStorage.getItem('id_token'))).toBeNull();
});

test('a disabled staff account is refused, in the language chosen on the sign-in page', async ({ page }) => {
  await page.goto(`${own}/signin`);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
  await expect(page.getByRole('button', { name: 'Se connecter avec Hospital ID' })).toBeVisible();
  await page.getByRole('button', { name: 'Se connecter avec Hospital ID' }).click();
  await page.waitForURL((url) => url.origin === provider.issuer);
  await signInAtProvider(page, 'p-disabled');
  await expect(page.getByRole('heading', { name: 'Connexion refusée' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Le compte du personnel de hosted-disabled@demo.test est désactivé : adressez-vous à un administrateur.');
  expect(await page.evaluate(() => localStorage.getItem('id_token'))).toBeNull();
});

test('the sign-in page with the provider\'s button, at 1440 px and 390 px', async ({ page }, testInfo) => {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${own}/signin`);
    await expect(page.getByRole('button', { name: 'Sign in with Hospital ID' })).toBeVisible();
    expect((await axeViolations(page)).filter((v) => SERIOUS.has(v.impact ?? ''))).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`sign-in-hosted-${width}.png`), fullPage: true });
  }
});
