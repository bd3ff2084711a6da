import { expect, test, type Page } from './fixtures';
import { apiOf } from './catalogue-helpers';
import { openPalette, signInAs } from './helpers';

/**
 * The palette reads a sentence: typed as it comes, the query shows as chips on the list's first line (the list, its
 * statuses, the person named once the server has found them, the period), and Enter opens that list with exactly
 * those filters in its address and as chips on the list. On the demo data, whose people the test looks up first.
 */
test.use({ dataset: 'demo' });

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const readingLine = (page: Page) => dialog(page).locator('[data-palette-item][data-value="_reading"]');
const listChips = (page: Page) => page.getByRole('list', { name: 'Active filters' });

/** A record of a list and the surname of the person a reference of it names. */
async function someone(page: Page, list: string, field: string): Promise<{ id: number; name: string; surname: string }> {
  const { status, body } = await (await apiOf(page)).get(`${list}&limit=1`);
  expect(status).toBe(200);
  const row = body.data[0];
  const name = String(row._labels[field]);
  return { id: row[field], name, surname: name.split(' ').pop()! };
}

test('“missed appointments <surname> this week” lands on the missed appointments of that patient this week', async ({ page }) => {
  await signInAs(page, 'superadmin');
  const patient = await someone(page, '/api/appointments?filter[status]=missed', 'patient');
  await openPalette(page);
  await page.keyboard.type(`missed appointments ${patient.surname.toLowerCase()} this week`);
  const line = readingLine(page);
  // Read at once: the list, the status, the period; the surname once the patients' options have answered.
  await expect(line.locator('.reading-chip')).toHaveText(['Appointments', 'Missed', /^Patient: .+/, 'This week']);
  await expect(line).toHaveAttribute('data-selected', 'true');
  const chosen = (await line.locator('.reading-chip[data-kind="ref"]').textContent())!.replace(/^Patient: /, '');
  expect(chosen.toLowerCase()).toContain(patient.surname.toLowerCase());
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard\/appointments\/missed\?filter\[patient\]=\d+&filter\[scheduledAt\]=\d{4}-\d{2}-\d{2}\.\.\d{4}-\d{2}-\d{2}$/);
  // The palette's week is the filters' week (the user's first day): the chip names it.
  await expect(listChips(page).locator('.chip')).toHaveText([new RegExp(`^Patient: ${chosen}`), /^Scheduled at: This week/]);
});

test('“payments rejected dr <surname>” names the doctor, and words it cannot read are searched', async ({ page }) => {
  await signInAs(page, 'superadmin');
  const doctor = await someone(page, '/api/payment?filter[status]=rejected', 'doctor');
  await openPalette(page);
  await page.keyboard.type(`payments rejected dr ${doctor.surname}`);
  const line = readingLine(page);
  await expect(line.locator('.reading-chip')).toHaveText(['Payments', 'Rejected', /^Doctor: .+/]);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/payment\/rejected\?filter\[doctor\]=\d+$/);
  await expect(listChips(page).locator('.chip')).toHaveText([/^Doctor: .+/]);

  // A word that is neither vocabulary nor anybody's name is left as the list's search text, after the best command.
  await openPalette(page);
  await page.keyboard.type('urgent open tickets zzqx');
  await expect(readingLine(page).locator('.reading-chip')).toHaveText(['Support tickets', 'Urgent', 'Open', 'Search: zzqx']);
  await readingLine(page).click();
  await expect(page).toHaveURL(/\/dashboard\/fmc\/support\/ticket\?q=zzqx&filter\[priority\]=urgent&filter\[status\]=open$/);
});

test('a move asked for with no record in view asks which record, then starts on its page; prefixes narrow the box', async ({ page }) => {
  await signInAs(page, 'superadmin');
  const { body } = await (await apiOf(page)).get('/api/appointments?filter[status]=confirmed&limit=1');
  const number = String(body.data[0].number);
  // A surname of the demo data (made at random: read, not assumed).
  const surname = String((await (await apiOf(page)).get('/api/patients?limit=1')).body.data[0].lastName).toLowerCase();
  await openPalette(page);
  await page.keyboard.type('reschedule');
  const selected = dialog(page).locator('[data-palette-item][data-selected="true"]');
  await expect(selected).toHaveAttribute('data-value', 'appointments.reschedule.pick');
  await expect(selected).toHaveText(/Reschedule appointment…/);
  await page.keyboard.press('Enter');
  // The sub-page asks for the appointment, as "Edit…" does.
  await expect(dialog(page).getByText('Reschedule appointment… › Which Appointment? Type to search')).toBeVisible();
  await page.keyboard.type(number);
  await expect(dialog(page).locator('[data-palette-item]', { hasText: number })).toBeVisible();
  await page.keyboard.press('Enter');
  // The record's page, its move's dialog open (modal: the page behind is out of the tree until it closes).
  await expect(page.getByRole('dialog', { name: 'Reschedule appointment' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Reschedule appointment' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: `Appointment: ${number}` })).toBeVisible();

  // `>` lists commands only; `@` people only; `#` numbered records only.
  await openPalette(page);
  await page.keyboard.type('>appointments');
  await expect(dialog(page).locator('[data-palette-item]').first()).toBeVisible();
  expect(await dialog(page).locator('[data-palette-item]').evaluateAll((els) => els.filter((e) => e.getAttribute('data-value')?.includes(':')).length)).toBe(0);
  await page.keyboard.press('Control+a');
  await page.keyboard.type(`@${surname}`);
  const lines = dialog(page).locator('[data-palette-item]');
  await expect(lines.first()).toHaveAttribute('data-value', /^(patients|doctor|admin-user):/);
  expect(await lines.evaluateAll((els) => els.every((e) => /^(patients|doctor|admin-user):/.test(e.getAttribute('data-value') ?? '')))).toBe(true);
  await page.keyboard.press('Control+a');
  await page.keyboard.type(`#${number}`);
  await expect(lines.first()).toHaveAttribute('data-value', /^appointments:/);
});

test('“payments last 30 days” lists the payments of those 30 days, not the recent list’s 7', async ({ page }) => {
  await signInAs(page, 'superadmin');
  await openPalette(page);
  await page.keyboard.type('payments last 30 days');
  await expect(readingLine(page).locator('.reading-chip')).toHaveText(['Payments', 'Last 30 days']);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/payment\/recent\?filter\[initiatedAt\]=\d{4}-\d{2}-\d{2}\.\.\d{4}-\d{2}-\d{2}$/);
  const range = new URL(page.url()).searchParams.get('filter[initiatedAt]')!;
  await expect(listChips(page).locator('.chip')).toHaveText([/^Started at: Last 30 days/]);
  // The list counts what the server counts for those 30 days, which the demo data makes more than the last 7 hold.
  const api = await apiOf(page);
  const count = async (filter: string) => (await api.get(`/api/payment?filter[initiatedAt]=${filter}&limit=1`)).body.total as number;
  const thirty = await count(range);
  const seven = await count(`${new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10)}..`);
  expect(thirty).toBeGreaterThan(seven);
  await expect(page.locator('.grid-foot')).toContainText(`${thirty.toLocaleString('en')} records`);
  // Without a period the reading says the recent list's days, which the list keeps.
  await openPalette(page);
  await page.keyboard.type('upi payments');
  await expect(readingLine(page).locator('.reading-chip')).toHaveText(['Payments', 'UPI', 'Last 7 days']);
});

test('a surname several patients share offers one reading per patient; the arrows pick the one meant', async ({ page }) => {
  await signInAs(page, 'superadmin');
  const { body } = await (await apiOf(page)).get('/api/patients?limit=200');
  const bySurname = new Map<string, number[]>();
  for (const p of body.data as { id: number; lastName: string }[]) {
    if (/^[a-z]{4,}$/i.test(p.lastName)) bySurname.set(p.lastName.toLowerCase(), [...bySurname.get(p.lastName.toLowerCase()) ?? [], p.id]);
  }
  const [surname] = [...bySurname].find(([, ids]) => ids.length >= 2) ?? [];
  expect(surname, 'a surname two demo patients share').toBeTruthy();
  await openPalette(page);
  await page.keyboard.type(`appointments ${surname}`);
  const readings = dialog(page).locator('[data-palette-item][data-value^="_reading"]');
  await expect.poll(() => readings.count()).toBeGreaterThanOrEqual(2);
  const chips = await readings.locator('.reading-chip[data-kind="ref"]').allTextContents();
  expect(new Set(chips).size).toBe(chips.length);
  for (const chip of chips) expect(chip.toLowerCase()).toMatch(new RegExp(`^(patient|doctor): .*${surname}`));
  // The first is selected; the second is one arrow away, and Enter opens the list of that person's appointments.
  await expect(readings.first()).toHaveAttribute('data-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(readings.nth(1)).toHaveAttribute('data-selected', 'true');
  const address = (await readings.nth(1).locator('[data-address]').getAttribute('data-address'))!;
  expect(address).not.toBe(await readings.first().locator('[data-address]').getAttribute('data-address'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${address.replace(/[[\]?.]/g, '\\$&')}$`));
  await expect(listChips(page).locator('.chip')).toHaveText([new RegExp(`^${chips[1].replace(/[()+.]/g, '\\$&')}`)]);
});

/** Records, at every frame the page paints, which line of the palette is selected (its index, -1 for none) and how many are listed. */
async function recordSelection(page: Page) {
  await page.evaluate(() => {
    const seen: { crumb: string; text: string; selected: number; lines: number }[] = [];
    (window as unknown as { selections: typeof seen }).selections = seen;
    const tick = () => {
      const root = document.querySelector('[data-palette-root]');
      if (root) {
        const lines = [...root.querySelectorAll('[data-palette-item]')];
        const now = {
          crumb: root.querySelector('.crumb')?.textContent ?? '', text: root.querySelector<HTMLInputElement>('[data-palette-input]')!.value,
          selected: lines.findIndex((l) => l.getAttribute('data-selected') === 'true'), lines: lines.length,
        };
        const last = seen.at(-1);
        if (!last || JSON.stringify(last) !== JSON.stringify(now)) seen.push(now);
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}
const selections = (page: Page) => page.evaluate(() => (window as unknown as { selections: { crumb: string; text: string; selected: number; lines: number }[] }).selections.splice(0));

test('“export” with no list in view asks which list and exports it; “remind” asks which worklist and opens it', async ({ page }) => {
  await signInAs(page, 'superadmin');
  await recordSelection(page);
  await openPalette(page);
  await page.keyboard.type('export');
  const selected = dialog(page).locator('[data-palette-item][data-selected="true"]');
  await expect(selected).toHaveAttribute('data-value', 'list.exportPick');
  await page.keyboard.press('Enter');
  await expect(dialog(page).getByText('Export a list as CSV… › Which list?')).toBeVisible();
  // A visit that moves down the lists and leaves: the next visit starts at its first line again.
  const lines = dialog(page).locator('[data-palette-item]');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(selected).toHaveAttribute('data-value', (await lines.nth(2).getAttribute('data-value'))!);
  await page.keyboard.type('c');
  await page.keyboard.press('ArrowDown');
  await expect(selected).toHaveAttribute('data-value', (await lines.nth(1).getAttribute('data-value'))!);
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await expect(dialog(page).getByText('Export a list as CSV… › Which list?')).toBeHidden();
  await page.keyboard.type('export');
  await expect(selected).toHaveAttribute('data-value', 'list.exportPick');
  await selections(page);
  await page.keyboard.press('Enter');
  await expect(dialog(page).getByText('Export a list as CSV… › Which list?')).toBeVisible();
  await page.keyboard.type('cities');
  await expect(lines.first()).toHaveText('Cities');
  await expect(selected).toHaveText('Cities');
  // At no frame of this visit was another line than the first selected: Enter, however soon, takes the first line.
  const frames = (await selections(page)).filter((f) => f.crumb && f.lines > 0);
  expect(frames.length).toBeGreaterThan(0);
  expect(frames.filter((f) => f.selected !== 0)).toEqual([]);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/city$/);
  // The export asks how to write the values (as shown, focused); Enter takes it.
  await expect(page.getByRole('dialog', { name: 'Export CSV' }).getByRole('radio', { name: 'As shown' })).toBeFocused();
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);

  // Home again, no record or row in view (on a row, "remind" is first of all "Remind me about this…", a follow-up).
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Search or run a command' })).toBeVisible();
  await openPalette(page);
  await page.keyboard.type('remind');
  await expect(selected).toHaveAttribute('data-value', 'notifications.remindPick');
  await page.keyboard.press('Enter');
  await expect(dialog(page).getByText('Send reminders… › Which worklist?')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/notifications\/\w+InCompleteProfile$/);
});

const selectedLine = (page: Page) => dialog(page).locator('[data-palette-item][data-selected="true"]');
const kind = (page: Page, heading: string) => dialog(page).locator('[data-palette-group]').filter({ has: page.locator('[data-palette-group-heading]', { hasText: new RegExp(`^${heading}$`) }) });

test('a surname several doctors share: the records by kind, three of each, and a line for the rest that opens its list', async ({ page }) => {
  await signInAs(page, 'superadmin');
  // A surname of the demo that three doctors or more share and that more than three payments name: read from the
  // data, so a change to the demo's generated names does not leave the test looking for people who are not there.
  const api = await apiOf(page);
  const shared = new Map<string, number>();
  for (let cursor: string | null = null, first = true; first || cursor; first = false) {
    const { body } = await api.get(`/api/doctor?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    for (const d of body.data as { lastName: string }[]) shared.set(d.lastName.toLowerCase(), (shared.get(d.lastName.toLowerCase()) ?? 0) + 1);
    cursor = (body.nextCursor as string | null | undefined) ?? null;
  }
  let surname = '';
  for (const [candidate] of [...shared].filter(([, n]) => n >= 3).sort((a, b) => b[1] - a[1])) {
    const { body } = await api.get(`/api/search?q=${candidate}`);
    const count = (entity: string) => (body.groups as { entity: string; count: number }[]).find((g) => g.entity === entity)?.count ?? 0;
    if (count('doctor') >= 3 && count('payment') > 3) { surname = candidate; break; }
  }
  expect(surname, 'a surname of the demo shared by three doctors or more, with payments').not.toBe('');
  await openPalette(page);
  await page.keyboard.type(surname);
  // The doctors named so do not crowd out the payments: three listed under their kind, the rest in one line.
  const group = kind(page, 'Payments');
  await expect(group.locator('[data-palette-item][data-value^="payment:"]')).toHaveCount(3);
  // The rest counted, or, past the search's reach for one kind, said as a floor ("More than 47 more"): the demo
  // console the suite shares gains payments as other tests run, so the surname found may name more than it counts.
  await expect(group.locator('[data-palette-item][data-value="_more:payment"]')).toHaveText(/^(More than )?\d+ more in Payments…$/);
  // Three doctors at most, the first line among them.
  await expect(dialog(page).locator('[data-palette-item][data-value^="doctor:"]')).toHaveCount(3);
  // By keyboard to that line, and Enter: the payments list, searched by the text.
  for (let i = 0; i < 80 && (await selectedLine(page).getAttribute('data-value')) !== '_more:payment'; i++) await page.keyboard.press('ArrowDown');
  await expect(selectedLine(page)).toHaveAttribute('data-value', '_more:payment');
  await page.keyboard.press('Enter');
  // Over all its days up to today (the list alone shows the recent ones): the count was of them all.
  // Read from the address, not matched by a pattern the surname is pasted into: a surname read from the data may hold
  // a character a pattern or an address writes otherwise (an apostrophe, a space).
  await expect(page).toHaveURL(/\/dashboard\/payment\/[a-z]+\?/);
  const address = new URL(page.url());
  expect([...address.searchParams.keys()]).toEqual(['q', 'filter[initiatedAt]']);
  expect(address.searchParams.get('q')).toBe(surname);
  expect(address.searchParams.get('filter[initiatedAt]')).toMatch(/^\.\.\d{4}-\d{2}-\d{2}$/);
  await expect(page.locator('tbody tr[id^="row-"]').first()).toBeVisible();
});

test('"payments <surname>" names a person who has payments, among the several of that name', async ({ page }) => {
  await signInAs(page, 'superadmin');
  await openPalette(page);
  await page.keyboard.type('payments varman');
  const line = readingLine(page);
  await expect(line.locator('.reading-chip[data-kind="ref"]').first()).toHaveText(/^(Patient|Doctor): .*Varman/);
  await expect(line).toHaveAttribute('data-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/filter\[(patient|doctor)\]=\d+/);
  const [, field, id] = /filter\[(patient|doctor)\]=(\d+)/.exec(page.url())!;
  // Whenever they were made (the list opened is the recent days'): that person has payments.
  const paid = await (await apiOf(page)).get(`/api/payment?filter[${field}]=${id}&filter[initiatedAt]=2000-01-01..&limit=1`);
  expect(paid.body.data.length).toBe(1);
});

test('"Approve verification…" offers only the requests awaiting review, not those never submitted', async ({ page }) => {
  await signInAs(page, 'superadmin');
  const api = await apiOf(page);
  const waiting = (await api.get('/api/requestVerification/options?status=requested&limit=100')).body.data.map((o: { id: number }) => String(o.id));
  const unsent = (await api.get('/api/requestVerification/options?status=pending&limit=100')).body.data.map((o: { id: number }) => String(o.id));
  expect(waiting.length, 'the demo holds requests awaiting review').toBeGreaterThan(0);
  expect(unsent.length, 'and requests never submitted').toBeGreaterThan(0);
  await openPalette(page);
  await page.keyboard.type('approve verification');
  await expect(selectedLine(page)).toHaveAttribute('data-value', 'requestVerification.approve.pick');
  await page.keyboard.press('Enter');
  await expect(dialog(page).locator('.crumb')).toContainText('Which Verification request?');
  await expect(dialog(page).getByRole('listbox')).not.toHaveAttribute('aria-busy', 'true');
  const offered = dialog(page).locator('[data-palette-item]');
  await expect(offered.first()).toBeVisible();
  const values = await offered.evaluateAll((els) => els.map((el) => el.getAttribute('data-value')));
  expect(values.length).toBe(Math.min(waiting.length, 30));
  for (const v of values) expect(waiting, String(v)).toContain(v);
  expect(values.filter((v) => unsent.includes(v))).toEqual([]);
});
