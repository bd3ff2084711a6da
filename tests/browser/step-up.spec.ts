import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { ROOT } from '../crash/server-bundle';
import { DEMO_PASSWORD, READY_PORT } from './consoles';
import { expect, test, type Page } from './fixtures';

/**
 * Step-up (issue 34 §3) in the browser: a superadmin whose sign-in is older than STEP_UP_MINUTES ends another
 * person's session; the server refuses (401 step_up_required), the console asks for the password in a dialog (focus
 * in the field, a wrong one said there, Esc gives up and nothing is done), and once the right one is typed the action
 * is sent again and done. The clock is the database's: this file's own console is stopped, the session's proof time
 * moved back in its data folder, and the console started again on it; the browser keeps its session throughout.
 * Its port lies past the run's ready port (READY_PORT + 40 + worker), clear of the other consoles.
 */
let consoleProcess: ChildProcess | undefined;
let own = '';
let dataDir = '';
let port = 0;

async function startConsole() {
  consoleProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO_PASSWORD, DEMO_DATA: '0', SCRYPT_LOG_N: '10', NODE_ENV: 'test', PUBLIC_URL: own, MFA_REQUIRED_ROLES: 'none' },
  });
  const output: string[] = [];
  const child = consoleProcess;
  await new Promise<void>((resolve, reject) => {
    const hear = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join('').includes('Console listening')) resolve();
    };
    child.stdout!.on('data', hear);
    child.stderr!.on('data', hear);
    child.once('exit', (code) => reject(new Error(`the console ended (${code}) before listening:\n${output.join('')}`)));
  });
}

async function stopConsole() {
  const child = consoleProcess;
  if (!child || child.exitCode !== null) return;
  const ended = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await ended;
}

/** Moves every proof of the account's sessions back past the window, in the stopped console's database. */
async function ageProofs(email: string) {
  const pg = new PGlite(path.join(dataDir, 'pgdata'), { extensions: { pg_trgm } });
  try {
    await pg.query(`update session set proved_at = now() - interval '1 day'
      where user_id = (select id from admin_user where email = $1)`, [email]);
  } finally {
    await pg.close();
  }
}

// eslint-disable-next-line no-empty-pattern
test.beforeAll(async ({}, testInfo) => {
  // No time limit: the console migrates a fresh database first, minutes on a busy machine; if it cannot start, it ends.
  testInfo.setTimeout(0);
  port = READY_PORT + 40 + testInfo.parallelIndex;
  own = `http://127.0.0.1:${port}`;
  dataDir = `${ROOT}/.test-data/console-step-up-${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  await startConsole();
});

test.afterAll(async () => {
  await stopConsole();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(page: Page, email: string) {
  await page.goto(`${own}/signin`);
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Search or run a command' })).toBeVisible();
}

/** "Who is signed in", the doctor's row's End session, a reason, Enter: the request the server may refuse. */
async function endDoctorsSession(page: Page) {
  const row = page.getByRole('row').filter({ hasText: 'doctor@demo.test' }).first();
  await row.getByRole('button', { name: /^End session of/ }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /End/ });
  await expect(dialog.getByLabel('Reason')).toBeFocused();
  await page.keyboard.type('Laptop left open on the ward');
  await page.keyboard.press('Enter');
  return dialog;
}

test('a stale session is asked for the password, and the action is done once it is given', async ({ page }, testInfo) => {
  const doctor = await fetch(`${own}/api/adminUser/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'doctor@demo.test', password: DEMO_PASSWORD }) });
  const doctorToken = ((await doctor.json()) as { data: { token: string } }).data.token;
  const doctorCan = async () => (await fetch(`${own}/api/me/prefs`, { headers: { Authorization: `Bearer ${doctorToken}` } })).status;
  await signIn(page, 'superadmin@demo.test');

  await stopConsole();
  await ageProofs('superadmin@demo.test');
  await startConsole();

  await page.goto(`${own}/dashboard/sessions`);
  await expect(page.getByRole('heading', { name: 'Who is signed in' })).toBeVisible();

  // Esc on the question gives up: the session is not ended, the reason's dialog stays as it was.
  const ending = await endDoctorsSession(page);
  const ask = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(ask.getByLabel('Password')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  expect(await doctorCan()).toBe(200);
  await expect(ending).toBeVisible();

  // Again: a wrong password is said in the dialog, the right one does the action.
  await ending.getByLabel('Reason').focus();
  await page.keyboard.press('Enter');
  await expect(ask.getByLabel('Password')).toBeFocused();
  await page.keyboard.type('not-the-password');
  await page.keyboard.press('Enter');
  await expect(ask.getByRole('alert')).toHaveText('The password is not right');
  await expect(ask.getByLabel('Password')).toBeFocused();
  for (let i = 0; i < 'not-the-password'.length; i++) await page.keyboard.press('Backspace');
  await page.keyboard.type(DEMO_PASSWORD);
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`step-up-${width}.png`) });
  }
  await page.keyboard.press('Enter');
  await expect(ask).toBeHidden();
  await expect(page.getByText(/^The session of .* was ended$/)).toBeVisible();
  expect(await doctorCan()).toBe(401);
});
