import { expect, test, type Locator, type Page } from './fixtures';
import { openPalette, signInAs } from './helpers';
import {
  apiOf, combo, deleteFromPalette, detail, digits, field, fieldBox, idInUrl, openRecordFromPalette, PNG_1x1, runExact, tabInto, tabTo, toast, unique,
} from './catalogue-helpers';

/**
 * The catalogue's promise, in the browser: a new user, keyboard only, opens a list from the palette, adds a
 * record, finds it again by typing part of its name into the palette, edits it and deletes it; and a sample
 * entity for each field kind takes, shows and keeps its values as the kind says.
 * Superadmin unless a test says otherwise. The database is fresh (reference data only), so records that a
 * form must refer to are made first through the API.
 */

// Date, time and number inputs and their display depend on the browser's locale and zone: fix both.
test.use({ locale: 'en-US', timezoneId: 'Asia/Kolkata' });

/** The add dialog of the list that is open, from the `c` key. */
async function pressCreate(page: Page, singular: string): Promise<Locator> {
  // On the rows first (k keeps the top row): a letter typed on a list's arrival is a search.
  await page.keyboard.press('k');
  await page.keyboard.press('c');
  const form = page.getByRole('dialog', { name: `Add ${singular}` });
  await expect(form).toBeVisible();
  return form;
}

/** Picks a record in a reference select (combobox) by typing part of its title, then ArrowDown/Enter. */
async function pickRef(page: Page, combo: Locator, typed: string, title: string) {
  await tabTo(page, combo);
  if (typed) await page.keyboard.type(typed);
  const listbox = page.locator(`#${await combo.getAttribute('aria-controls')}`);
  const option = listbox.getByRole('option', { name: new RegExp(`^${title}( ·|$)`) });
  await expect(option).toBeVisible();
  for (let i = 0; i < 30 && (await option.getAttribute('aria-selected')) !== 'true'; i++) await page.keyboard.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
}

interface FullPath {
  plural: string;
  singular: string;
  path: string;
  /** The record's title (palette and heading) and what is typed to find it. */
  title: string;
  typed: string;
  /** Fills the add form from its first field (which has the focus). */
  fill: (form: Locator) => Promise<void>;
  /** Checks on the details page after adding. */
  shown?: () => Promise<void>;
  /** Changes one value in the edit form; returns the title after the change. */
  edit: (form: Locator) => Promise<string>;
  /** Checks on the list after editing. */
  edited?: () => Promise<void>;
}

/** Palette → "Open <plural>" → c → fill → Ctrl+Enter → palette search → Enter → details → e → save → palette delete. */
async function fullKeyboardPath(page: Page, p: FullPath) {
  await signInAs(page, 'superadmin');
  await runExact(page, `Open ${p.plural}`);
  await page.waitForURL(new RegExp(`/dashboard/${p.path}$`));
  await expect(page.getByRole('heading', { name: p.plural, exact: true })).toBeVisible();

  const form = await pressCreate(page, p.singular);
  await p.fill(form);
  await page.keyboard.press('Control+Enter');
  await expect(toast(page, `${p.singular} saved`)).toBeVisible();
  await page.waitForURL(new RegExp(`/dashboard/${p.path}$`));
  await expect(form).toBeHidden();

  await openRecordFromPalette(page, p.typed, p.title, p.singular);
  await page.waitForURL(new RegExp(`/dashboard/${p.path}/details/\\d+$`));
  const id = idInUrl(page);
  await expect(page.getByRole('heading', { name: `${p.singular}: ${p.title}` })).toBeVisible();
  await p.shown?.();

  await page.keyboard.press('e');
  await page.waitForURL(`**/dashboard/${p.path}/edit/${id}`);
  const edit = page.getByRole('dialog', { name: `Edit ${p.singular}` });
  await expect(edit.getByRole('button', { name: /Save/ })).toBeEnabled();
  const title = await p.edit(edit);
  await page.keyboard.press('Control+Enter');
  await expect(toast(page, `${p.singular} saved`)).toBeVisible();
  await page.waitForURL(new RegExp(`/dashboard/${p.path}$`));
  await expect(edit).toBeHidden();
  await p.edited?.();

  await deleteFromPalette(page, p.singular, p.typed, title);
  const api = await apiOf(page);
  await expect.poll(async () => (await api.get(`/api/${p.path}/${id}`)).status).toBe(404);
}

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test.describe('full keyboard path: open from the palette, add, find, edit, delete', () => {
  test('medicine (text, enum, money)', async ({ page }) => {
    const name = unique('Paracip');
    await fullKeyboardPath(page, {
      plural: 'Medicines', singular: 'Medicine', path: 'medicine', title: `${name} 500 mg`, typed: name.slice(0, 10),
      fill: async (form) => {
        await expect(field(form, 'Name')).toBeFocused();
        await page.keyboard.type(name);
        await tabTo(page, field(form, 'Form'));
        await page.keyboard.press('ArrowDown'); // Tablet → Capsule
        await expect(field(form, 'Form')).toHaveValue('capsule');
        await tabTo(page, field(form, 'Strength'));
        await page.keyboard.type('500 mg');
        await tabTo(page, field(form, 'Price'));
        await page.keyboard.type('42.5');
      },
      shown: async () => {
        await expect(detail(page, 'Price')).toHaveText('₹42.50');
        await expect(detail(page, 'Form')).toHaveText('Capsule');
        await expect(detail(page, 'Schedule')).toHaveText('Over the counter');
      },
      edit: async (form) => {
        await expect(field(form, 'Price')).toHaveValue('42.5');
        await tabTo(page, field(form, 'Price'));
        await page.keyboard.press('Control+a');
        await page.keyboard.type('1234');
        return `${name} 500 mg`;
      },
      edited: async () => {
        await expect(row(page, name).getByRole('gridcell', { name: '₹1,234.00' })).toBeVisible();
      },
    });
  });

  test('UDC test (unique code, int, enums)', async ({ page }) => {
    const name = unique('Ferritin');
    const code = `FER-${digits(4)}`;
    await fullKeyboardPath(page, {
      plural: 'UDC tests', singular: 'UDC test', path: 'udctest', title: name, typed: name.slice(0, 10),
      fill: async (form) => {
        await page.keyboard.type(name);
        await tabTo(page, field(form, 'Code'));
        await page.keyboard.type(code);
        await tabTo(page, field(form, 'Category'));
        await page.keyboard.press('ArrowDown'); // Haematology → Biochemistry
        await tabTo(page, field(form, 'Sample type'));
        await page.keyboard.press('ArrowDown'); // Whole blood → Serum
        await tabTo(page, field(form, 'Turnaround (hours)'));
        await page.keyboard.type('24');
      },
      shown: async () => {
        await expect(detail(page, 'Code')).toHaveText(code);
        await expect(detail(page, 'Category')).toHaveText('Biochemistry');
        await expect(detail(page, 'Sample type')).toHaveText('Serum');
        await expect(detail(page, 'Turnaround (hours)')).toHaveText('24');
        await expect(detail(page, 'Price')).toHaveText('—');
      },
      edit: async (form) => {
        await tabTo(page, field(form, 'Turnaround (hours)'));
        await page.keyboard.press('Control+a');
        await page.keyboard.type('48');
        return name;
      },
      edited: async () => {
        await expect(row(page, name).getByRole('gridcell', { name: '48', exact: true })).toBeVisible();
      },
    });
  });

  test('department (code, long text)', async ({ page }) => {
    const name = unique('Nuclear Medicine');
    const code = `NM${digits(4)}`;
    await fullKeyboardPath(page, {
      plural: 'Departments', singular: 'Department', path: 'department', title: name, typed: name.slice(0, 12),
      fill: async (form) => {
        await page.keyboard.type(name);
        await page.keyboard.press('Tab');
        await expect(field(form, 'Code')).toBeFocused();
        await page.keyboard.type(code);
        await page.keyboard.press('Tab');
        await expect(field(form, 'Description')).toBeFocused();
        await page.keyboard.type('Scans with radioactive tracers.');
        await page.keyboard.press('Enter'); // a new line in the textarea, not a submit
        await page.keyboard.type('PET and SPECT.');
      },
      shown: async () => {
        await expect(detail(page, 'Description')).toHaveText('Scans with radioactive tracers.\nPET and SPECT.');
      },
      edit: async (form) => {
        await expect(field(form, 'Name')).toBeFocused();
        await page.keyboard.press('End');
        await page.keyboard.type(' Unit');
        await tabTo(page, field(form, 'Status'));
        await page.keyboard.press('ArrowDown'); // Active → Inactive
        return `${name} Unit`;
      },
      edited: async () => {
        await expect(row(page, `${name} Unit`).getByRole('gridcell', { name: 'Inactive' })).toBeVisible();
      },
    });
  });

  test('city (a required reference picked by typing)', async ({ page }) => {
    const name = unique('Hubballi');
    await fullKeyboardPath(page, {
      plural: 'Cities', singular: 'City', path: 'city', title: name, typed: name.slice(0, 10),
      fill: async (form) => {
        await page.keyboard.type(name);
        await pickRef(page, combo(form, 'State'), 'karna', 'Karnataka');
        await expect(combo(form, 'State')).toHaveValue('Karnataka');
      },
      shown: async () => {
        await expect(detail(page, 'State')).toHaveText('Karnataka');
      },
      edit: async (form) => {
        await expect(combo(form, 'State')).toHaveValue('Karnataka');
        await tabTo(page, combo(form, 'State'));
        await page.keyboard.press('Control+a');
        await page.keyboard.press('Backspace');
        await pickRef(page, combo(form, 'State'), 'keral', 'Kerala');
        await expect(combo(form, 'State')).toHaveValue('Kerala');
        return name;
      },
      edited: async () => {
        await expect(row(page, name).getByRole('gridcell', { name: 'Kerala' })).toBeVisible();
      },
    });
  });
});

/** Palette → "Add Doctor", with the four required fields typed (Tab from one to the next). */
async function addDoctor(page: Page, o: { first: string; email: string; phone: string }): Promise<Locator> {
  await signInAs(page, 'superadmin');
  await runExact(page, 'Add Doctor');
  const form = page.getByRole('dialog', { name: 'Add Doctor' });
  await expect(field(form, 'First name')).toBeFocused();
  await page.keyboard.type(o.first);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Iyer');
  await page.keyboard.press('Tab');
  await page.keyboard.type(o.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(o.phone);
  return form;
}

const emailOf = (first: string) => `${first.replace(/\s/g, '.').toLowerCase()}@example.test`;

test.describe('ref and refs', () => {
  test('city → state: typing part of the name, ArrowDown to the one wanted, Enter', async ({ page }) => {
    await signInAs(page, 'superadmin');
    await runExact(page, 'Add City');
    const form = page.getByRole('dialog', { name: 'Add City' });
    await page.keyboard.type(unique('Jabalpur'));
    await page.keyboard.press('Tab');
    await expect(combo(form, 'State')).toBeFocused();
    await page.keyboard.type('prades');
    const listbox = page.getByRole('listbox', { name: 'State' });
    await expect(listbox.getByRole('option').first()).toHaveAccessibleName(/^Andhra Pradesh/);
    await pickRef(page, combo(form, 'State'), '', 'Madhya Pradesh'); // three ArrowDowns
    await expect(combo(form, 'State')).toHaveValue('Madhya Pradesh');
    await expect(listbox).toBeHidden();
    await page.keyboard.press('Enter'); // the list is closed: Enter saves
    await expect(toast(page, 'City saved')).toBeVisible();
  });

  test('the highlighted record stays highlighted when the server answer reorders the list', async ({ page }) => {
    await signInAs(page, 'superadmin');
    // Hold the answers for all that is typed (from its first letter: a slow typist's "pr" is asked for too), so the
    // list is first the earlier answer narrowed in the browser.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/state\/options\?.*q=p/, async (route) => { await held; await route.continue(); });
    await runExact(page, 'Add City');
    const form = page.getByRole('dialog', { name: 'Add City' });
    await page.keyboard.type(unique('Gwalior'));
    await page.keyboard.press('Tab');
    await expect(combo(form, 'State')).toBeFocused();
    const listbox = page.getByRole('listbox', { name: 'State' });
    await expect(listbox.getByRole('option', { name: /^Karnataka/ })).toBeVisible(); // the first answer, unfiltered
    await page.keyboard.type('prades');
    const madhya = listbox.getByRole('option', { name: /^Madhya Pradesh/ });
    await expect(listbox.getByRole('option', { name: /^Karnataka/ })).toBeHidden();
    for (let i = 0; i < 10 && (await madhya.getAttribute('aria-selected')) !== 'true'; i++) await page.keyboard.press('ArrowDown');
    await expect(madhya).toHaveAttribute('aria-selected', 'true');
    const before = await listbox.getByRole('option').allInnerTexts();
    release();
    await expect(listbox.getByRole('option', { name: /^Uttar Pradesh/ })).toBeVisible(); // the server's answer
    expect(await listbox.getByRole('option').allInnerTexts(), 'the answer reorders the list').not.toEqual(before);
    await expect(madhya).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(combo(form, 'State')).toHaveValue('Madhya Pradesh');
  });

  test('a reference select picks what was typed even when Enter comes before the server answers', async ({ page }) => {
    await signInAs(page, 'superadmin');
    await runExact(page, 'Add City');
    const form = page.getByRole('dialog', { name: 'Add City' });
    await expect(field(form, 'Name')).toBeFocused();
    await page.keyboard.type(unique('Kozhikode'));
    await page.keyboard.press('Tab');
    await expect(combo(form, 'State')).toBeFocused();
    await expect(page.getByRole('listbox', { name: 'State' }).getByRole('option').first()).toBeVisible(); // the list as it opens
    await page.keyboard.type('keral');
    await page.keyboard.press('Enter'); // at once: a fast typist does not wait for the list to refresh
    await expect(combo(form, 'State')).toHaveValue('Kerala');
    await page.keyboard.press('Control+Enter');
    await expect(toast(page, 'City saved')).toBeVisible();
  });

  test('doctor specialities and languages: chips added by typing, removed with Backspace or their ✕', async ({ page }) => {
    const first = unique('Meera');
    const form = await addDoctor(page, { first, email: emailOf(first), phone: '+91 98765 43210' });
    const specialities = combo(form, 'Specialities');
    const chips = (label: string) => fieldBox(form, label).locator('.chip');
    await pickRef(page, specialities, 'cardio', 'Cardiology');
    await pickRef(page, specialities, 'derma', 'Dermatology');
    await pickRef(page, specialities, 'ortho', 'Orthopaedics');
    await expect(chips('Specialities')).toHaveText(['Cardiology✕', 'Dermatology✕', 'Orthopaedics✕']);
    await page.keyboard.press('Backspace'); // in the empty box: removes the last chip
    await expect(chips('Specialities')).toHaveText(['Cardiology✕', 'Dermatology✕']);
    await pickRef(page, specialities, 'neuro', 'Neurology');
    await page.keyboard.press('Shift+Tab');
    await expect(form.getByRole('button', { name: 'Remove Neurology' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(chips('Specialities')).toHaveText(['Cardiology✕', 'Dermatology✕']);
    await expect(specialities).toBeFocused(); // the focus returns to the box, not to the page
    await pickRef(page, combo(form, 'Languages'), 'hind', 'Hindi');
    await pickRef(page, combo(form, 'Languages'), 'tami', 'Tamil');
    await expect(chips('Languages')).toHaveText(['Hindi✕', 'Tamil✕']);
    await expect(page.getByRole('listbox', { name: 'Languages' }).getByRole('option').first()).toBeVisible(); // still open
    await page.keyboard.press('Control+Enter'); // saves; it does not also pick the highlighted language
    await expect(toast(page, 'Doctor saved')).toBeVisible();

    await openRecordFromPalette(page, first, `${first} Iyer`, 'Doctor');
    await expect(detail(page, 'Specialities')).toHaveText('Cardiology, Dermatology');
    await expect(detail(page, 'Languages')).toHaveText('Hindi, Tamil');
    await page.keyboard.press('e');
    const edit = page.getByRole('dialog', { name: 'Edit Doctor' });
    await expect(fieldBox(edit, 'Specialities').locator('.chip')).toHaveText(['Cardiology✕', 'Dermatology✕']);
    await expect(fieldBox(edit, 'Languages').locator('.chip')).toHaveText(['Hindi✕', 'Tamil✕']);
  });
});

test.describe('text, email and phone', () => {
  test('doctor: a bad email and phone are refused on their fields; the email is kept in lower case', async ({ page }) => {
    const first = unique('Arjun');
    const form = await addDoctor(page, { first, email: 'not-an-email', phone: '12' });
    await page.keyboard.press('Control+Enter');
    // Both kinds are checked by the entity's zod schema, and each message sits on its own field.
    await expect(field(form, 'Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.locator('#f-email-error')).toHaveText('Email is not an email address');
    await expect(field(form, 'Phone')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.locator('#f-phone-error')).toHaveText('Enter a phone number of 7 to 15 digits');
    await expect(field(form, 'Email')).toBeFocused(); // the first field in error takes the focus
    const email = `${first.replace(/\s/g, '.')}@Example.TEST`;
    await page.keyboard.press('Control+a');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('+91 98765 43210');
    await page.keyboard.press('Control+Enter');
    await expect(toast(page, 'Doctor saved')).toBeVisible();

    await openRecordFromPalette(page, first, `${first} Iyer`, 'Doctor');
    await expect(detail(page, 'First name')).toHaveText(first);
    await expect(detail(page, 'Email')).toHaveText(email.toLowerCase());
    await expect(detail(page, 'Phone')).toHaveText('+91 98765 43210');
  });
});

test.describe('nested list', () => {
  test('doctor clinics: add two, remove one, save; the details list the one kept', async ({ page }) => {
    const first = unique('Kavya');
    const form = await addDoctor(page, { first, email: emailOf(first), phone: '+91 98765 43211' });
    const addClinic = form.getByRole('button', { name: '+ Add Clinics' });
    const items = form.locator('.list-item');
    await tabTo(page, addClinic);
    await page.keyboard.press('Enter');
    await expect(items).toHaveCount(1);
    await tabTo(page, field(items.nth(0), 'Name'));
    await page.keyboard.type('Old Clinic');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1 Old Road');
    await tabTo(page, addClinic);
    await page.keyboard.press('Enter');
    await expect(items).toHaveCount(2);
    await expect(items.nth(1)).toContainText('Item 2');
    await tabTo(page, field(items.nth(1), 'Name'));
    await page.keyboard.type('Lotus Clinic');
    await page.keyboard.press('Tab');
    await page.keyboard.type('12 MG Road');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Bengaluru');
    await page.keyboard.press('Tab');
    await page.keyboard.type('560001');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Mon-Sat 10-1');
    await tabTo(page, items.nth(0).getByRole('button', { name: 'Remove' }));
    await page.keyboard.press('Enter');
    await expect(items).toHaveCount(1);
    await expect(addClinic).toBeFocused(); // the focus stays in the form, so Ctrl+Enter still saves
    await expect(field(items.nth(0), 'Name')).toHaveValue('Lotus Clinic');
    await page.keyboard.press('Control+Enter');
    await expect(toast(page, 'Doctor saved')).toBeVisible();

    await openRecordFromPalette(page, first, `${first} Iyer`, 'Doctor');
    // The item's fields in their declared order.
    await expect(detail(page, 'Clinics').locator('li')).toHaveText([
      'Name: Lotus Clinic · Address: 12 MG Road · City: Bengaluru · Pincode: 560001 · Timings: Mon-Sat 10-1',
    ]);
    await page.keyboard.press('e');
    const edit = page.getByRole('dialog', { name: 'Edit Doctor' });
    await expect(edit.locator('.list-item')).toHaveCount(1);
    await expect(field(edit.locator('.list-item').first(), 'Name')).toHaveValue('Lotus Clinic');
    await expect(field(edit.locator('.list-item').first(), 'Pincode')).toHaveValue('560001');
  });
});

test.describe('enum', () => {
  test('options and values are shown by their translated labels, in English and in French', async ({ page }) => {
    await signInAs(page, 'railway');
    const api = await apiOf(page);
    try {
      await runExact(page, 'Add Medicine');
      const form = page.getByRole('dialog', { name: 'Add Medicine' });
      await expect(field(form, 'Schedule').locator('option')).toHaveText(['Over the counter', 'Schedule H', 'Schedule H1', 'Schedule X']);
      const name = unique('Azithral');
      await page.keyboard.type(name);
      await tabTo(page, field(form, 'Form'));
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown'); // Syrup
      await tabTo(page, field(form, 'Schedule'));
      await page.keyboard.press('ArrowDown'); // Schedule H
      await page.keyboard.press('Control+Enter');
      await expect(toast(page, 'Medicine saved')).toBeVisible();
      await expect(row(page, name).getByRole('gridcell')).toContainText(['Syrup', 'Schedule H']);

      // The same values in French, after changing the language from the palette.
      await runExact(page, 'Change language…', 'change language');
      await page.keyboard.type('fran');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { name: 'Médicaments' })).toBeVisible();
      await expect(row(page, name).getByRole('gridcell')).toContainText(['Sirop', 'Liste H']);
      await page.keyboard.press('k');
      await page.keyboard.press('c');
      const fr = page.getByRole('dialog', { name: 'Ajouter Médicament' });
      await expect(field(fr, 'Liste').locator('option')).toHaveText(['Sans ordonnance', 'Liste H', 'Liste H1', 'Liste X']);
    } finally {
      await api.put('/api/me/prefs', { lang: 'en' }); // the language is kept on the server: leave railway in English
    }
  });
});

test.describe('date, datetime and time', () => {
  // The campaign's status is its workflow's (Schedule…, Send now): the form types its send time, kept in the user's zone.
  test('notification: the send time typed is kept in the user\'s zone', async ({ page }) => {
    const title = unique('Clinic closed');
    await signInAs(page, 'superadmin');
    await runExact(page, 'Add Notification campaign');
    const form = page.getByRole('dialog', { name: 'Add Notification campaign' });
    await page.keyboard.type(title);
    await page.keyboard.press('Tab');
    await page.keyboard.type('All clinics are closed on Monday.');
    await tabTo(page, field(form, 'Scheduled for'));
    // Typed as written in India: the day first, the time in 12-hour form; what it was read as is said under it.
    await page.keyboard.type('01/02/2026 9:30am');
    await expect(form.locator('#f-scheduledAt-understood')).toHaveText('Read as: 01/02/2026, 9:30 am');
    await page.keyboard.press('Control+Enter');
    await expect(toast(page, 'Notification campaign saved')).toBeVisible();

    await openRecordFromPalette(page, title.slice(0, 12), title, 'Notification campaign');
    await page.waitForURL(/\/dashboard\/notification\/details\/\d+$/);
    const id = idInUrl(page);
    await expect(detail(page, 'Scheduled for')).toHaveText('01/02/2026, 9:30 am');
    await expect(detail(page, 'Status')).toHaveText('Draft');
    const api = await apiOf(page);
    expect((await api.get(`/api/notification/${id}`)).body.data.scheduledAt).toBe('2026-02-01T04:00:00.000Z'); // 09:30 IST
    await page.keyboard.press('e');
    await expect(field(page.getByRole('dialog', { name: 'Edit Notification campaign' }), 'Scheduled for')).toHaveValue('01/02/2026 09:30');
  });

  test('fmc slot: date and times typed, end after start, the computed booked count shown but never typed', async ({ page }) => {
    await signInAs(page, 'superadmin');
    const api = await apiOf(page);
    const mumbai = (await api.get('/api/city/options?q=Mumbai')).body.data[0].id;
    const mh = (await api.get('/api/state/options?q=Maharashtra')).body.data[0].id;
    const centre = unique('Dadar Centre');
    await api.create('fmc', { name: centre, code: `DC-${digits(5)}`, address: '1 Ranade Road', city: mumbai, state: mh, status: 'active' });

    await runExact(page, 'Add Slot');
    const form = page.getByRole('dialog', { name: 'Add Slot' });
    await expect(field(form, 'Booked')).toHaveCount(0);
    await expect(field(form, 'Capacity')).toHaveValue('10');
    await pickRef(page, combo(form, 'Centre'), centre.slice(0, 10), centre);
    // Tab also moves between the parts of a date or time input: each field is reached by tabbing until it has the focus.
    await tabTo(page, field(form, 'Date'));
    await page.keyboard.type('01/03/2026'); // the day first, as written in India
    await expect(form.locator('#f-date-understood')).toHaveText('Read as: 01/03/2026');
    await tabTo(page, field(form, 'Start time'));
    await page.keyboard.type('1000A');
    await tabTo(page, field(form, 'End time'));
    await page.keyboard.type('0930A');
    await page.keyboard.press('Control+Enter');
    await expect(form.locator('#f-endTime-error')).toHaveText('The slot must end after it starts');
    await expect(field(form, 'End time')).toBeFocused(); // the first field in error takes the focus
    await tabInto(page, field(form, 'End time'));
    await page.keyboard.type('1130A');
    await expect(field(form, 'End time')).toHaveValue('11:30');
    await page.keyboard.press('Control+Enter');
    await expect(toast(page, 'Slot saved')).toBeVisible();
    await page.waitForURL(/\/dashboard\/fmc\/slots$/);

    // Columns: date, start, end, centre, doctor, capacity, booked, status, actions.
    const slot = row(page, centre);
    // The first cell is the row's checkbox.
    await expect(slot.getByRole('gridcell')).toHaveText(['', '01/03/2026', '10:00', '11:30', centre, '—', '10', '0', 'Open', '']);
    // The list has the keyboard: j moves to the slot's row, Enter opens it.
    for (let i = 0; i < 20 && (await slot.getAttribute('data-focused')) !== 'true'; i++) await page.keyboard.press('j');
    await expect(slot).toHaveAttribute('data-focused', 'true');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/dashboard\/fmc\/slots\/details\/\d+$/);
    await expect(detail(page, 'Booked')).toHaveText('0');
    await expect(detail(page, 'Date')).toHaveText('01/03/2026');
    await expect(detail(page, 'Centre')).toHaveText(centre);
    await page.keyboard.press('e');
    const edit = page.getByRole('dialog', { name: 'Edit Slot' });
    await expect(field(edit, 'Start time')).toHaveValue('10:00');
    await expect(field(edit, 'End time')).toHaveValue('11:30');
    await expect(field(edit, 'Booked')).toHaveCount(0);
  });
});

test.describe('bool', () => {
  test('feature: published is a checkbox toggled with Space, shown as Yes or No', async ({ page }) => {
    const title = unique('Video consults');
    await signInAs(page, 'superadmin');
    await runExact(page, 'Open Features');
    const form = await pressCreate(page, 'Feature');
    await page.keyboard.type(title);
    await tabTo(page, field(form, 'Published'));
    await expect(field(form, 'Published')).not.toBeChecked();
    await page.keyboard.press('Space');
    await expect(field(form, 'Published')).toBeChecked();
    await page.keyboard.press('Control+Enter');
    await expect(toast(page, 'Feature saved')).toBeVisible();
    // Cells: the row's checkbox, title, sort order, published.
    await expect(row(page, title).getByRole('gridcell').nth(3)).toHaveText('Yes');

    await openRecordFromPalette(page, title.slice(0, 12), title, 'Feature');
    await expect(detail(page, 'Published')).toHaveText('Yes');
    await page.keyboard.press('e');
    const edit = page.getByRole('dialog', { name: 'Edit Feature' });
    await expect(field(edit, 'Published')).toBeChecked();
    await tabTo(page, field(edit, 'Published'));
    await page.keyboard.press('Space');
    await page.keyboard.press('Control+Enter');
    await expect(toast(page, 'Feature saved')).toBeVisible();
    await expect(row(page, title).getByRole('gridcell').nth(3)).toHaveText('No');
  });
});

test.describe('longText and richText', () => {
  test('about page: the body keeps its formatting and loses scripts and event handlers', async ({ page }) => {
    const title = unique('Who we are');
    const body = '<p>We care for <b>every</b> patient.</p><script>window.__xss = 1</script><img src="x" onerror="window.__xss = 2"><a href="javascript:window.__xss=3">link</a>';
    await signInAs(page, 'superadmin');
    await runExact(page, 'Add About page');
    const form = page.getByRole('dialog', { name: 'Add About page' });
    await expect(field(form, 'Title')).toBeFocused(); // the form loads on demand: type once it is there
    await page.keyboard.type(title);
    await expect(field(form, 'Content')).toHaveAttribute('contenteditable', 'true'); // the editor, loaded on demand
    await tabTo(page, field(form, 'Content')); // after its toolbar
    // HTML pasted into the editor (as from another page): it keeps what its schema knows, the server sanitises the rest.
    await field(form, 'Content').evaluate((el, html) => {
      const data = new DataTransfer();
      data.setData('text/html', html);
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, body);
    await tabTo(page, field(form, 'Audience'));
    await page.keyboard.press('ArrowDown'); // Everyone → Patient
    await tabTo(page, field(form, 'Effective from'));
    await page.keyboard.type('01/04/2026');
    await tabTo(page, field(form, 'Published'));
    await page.keyboard.press('Space');
    await page.keyboard.press('Control+Enter');
    await expect(toast(page, 'About page saved')).toBeVisible();

    await openRecordFromPalette(page, title.slice(0, 10), title, 'About page');
    await page.waitForURL(/\/dashboard\/about\/details\/\d+$/);
    const content = detail(page, 'Content').locator('.rich');
    await expect(content.locator('strong')).toHaveText('every');
    await expect(content).toContainText('We care for every patient.');
    await expect(content.locator('script')).toHaveCount(0);
    await expect(content.locator('[onerror]')).toHaveCount(0);
    await expect(content.locator('a[href^="javascript:"]')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await expect(detail(page, 'Audience')).toHaveText('Patient');
    await expect(detail(page, 'Effective from')).toHaveText('01/04/2026');
    await expect(detail(page, 'Published')).toHaveText('Yes');

    // Sanitised when saved, too: what the server keeps has neither.
    const api = await apiOf(page);
    const stored = String((await api.get(`/api/about/${idInUrl(page)}`)).body.data.body);
    expect(stored).toContain('<strong>every</strong>');
    expect(stored).not.toMatch(/<script|onerror|javascript:/i);
  });
});

test.describe('image', () => {
  test('speciality icon: a PNG uploaded into the content store shows on the details page', async ({ page }) => {
    const name = unique('Sleep Medicine');
    await signInAs(page, 'superadmin');
    await runExact(page, 'Add Speciality');
    const form = page.getByRole('dialog', { name: 'Add Speciality' });
    await page.keyboard.type(name);
    await tabTo(page, field(form, 'Icon'));
    await field(form, 'Icon').setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: PNG_1x1 }); // the file chooser
    const preview = fieldBox(form, 'Icon').locator('img');
    await expect(preview).toHaveAttribute('src', /^\/content\/uploads\/\d{4}\/[0-9a-f]+\.png$/);
    await page.keyboard.press('Control+Enter');
    await expect(toast(page, 'Speciality saved')).toBeVisible();

    await openRecordFromPalette(page, name.slice(0, 10), name, 'Speciality');
    const icon = detail(page, 'Icon').locator('img');
    await expect(icon).toHaveAttribute('src', /^\/content\/uploads\/\d{4}\/[0-9a-f]+\.png$/);
    await expect.poll(() => icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  });
});

test.describe('secret', () => {
  test('SIM card: PIN and PUK are write-only, masked on details, blank in the edit form, kept when left blank', async ({ page }) => {
    const iccid = `8991${digits(15)}`;
    await signInAs(page, 'superadmin');
    await runExact(page, 'Open SIM cards');
    await expect(page.getByRole('columnheader')).not.toContainText(['PIN']);
    const form = await pressCreate(page, 'SIM card');
    await page.keyboard.type(iccid);
    await page.keyboard.press('Tab');
    await page.keyboard.type('+91 90000 11111');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown'); // Jio → Airtel
    await page.keyboard.press('Tab');
    await expect(field(form, 'PIN')).toHaveAttribute('type', 'password');
    await page.keyboard.type('90817263');
    await page.keyboard.press('Control+Enter');
    await expect(toast(page, 'SIM card saved')).toBeVisible();

    await openRecordFromPalette(page, iccid.slice(0, 12), iccid, 'SIM card');
    await page.waitForURL(/\/dashboard\/simirapin\/details\/\d+$/);
    const id = idInUrl(page);
    await expect(detail(page, 'PIN')).toHaveText('••••••');
    await expect(detail(page, 'PUK')).toHaveText('not set');
    await expect(page.locator('main')).toContainText(iccid);
    await expect(page.locator('main')).not.toContainText('90817263');
    const api = await apiOf(page);
    const sent = (await api.get(`/api/simirapin/${id}`)).body.data;
    expect(sent.pin).toBeUndefined();
    expect(sent._set).toMatchObject({ pin: true, puk: false });

    // Edit: the secret is never put back into the form; left blank it keeps its value.
    await page.keyboard.press('e');
    const edit = page.getByRole('dialog', { name: 'Edit SIM card' });
    await expect(field(edit, 'Mobile number')).toHaveValue('+91 90000 11111');
    await expect(field(edit, 'PIN')).toHaveValue('');
    await expect(fieldBox(edit, 'PIN')).toContainText('•••••• · Leave blank to keep the current value');
    await expect(fieldBox(edit, 'PUK')).toContainText('not set · Leave blank to keep the current value');
    await tabTo(page, field(edit, 'Mobile number'));
    await page.keyboard.press('Control+a');
    await page.keyboard.type('+91 90000 22222');
    const put = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith(`/api/simirapin/${id}`));
    await page.keyboard.press('Control+Enter');
    expect((await put).postDataJSON()).not.toHaveProperty('pin'); // blank means "keep": not sent at all
    await expect(toast(page, 'SIM card saved')).toBeVisible();
    await page.waitForURL(/\/dashboard\/simirapin$/);
    const kept = (await api.get(`/api/simirapin/${id}`)).body.data;
    expect(kept).toMatchObject({ mobileNumber: '+91 90000 22222', version: 2, _set: { pin: true, puk: false } });

    await openRecordFromPalette(page, iccid.slice(0, 12), iccid, 'SIM card');
    await expect(detail(page, 'Mobile number')).toHaveText('+91 90000 22222');
    await expect(detail(page, 'PIN')).toHaveText('••••••');
  });
});

test.describe('roles per action', () => {
  test('railway opens Medicines from the palette and adds one', async ({ page }) => {
    const name = unique('Ondansetron');
    await signInAs(page, 'railway');
    await runExact(page, 'Open Medicines');
    await expect(page.getByRole('heading', { name: 'Medicines' })).toBeVisible();
    await pressCreate(page, 'Medicine');
    await page.keyboard.type(name);
    await page.keyboard.press('Control+Enter');
    await expect(toast(page, 'Medicine saved')).toBeVisible();
    await expect(row(page, name)).toBeVisible();
  });

  test('admin lists Health ATMs but may not add one (not-found page, no command, no c)', async ({ page }) => {
    await signInAs(page, 'admin');
    await page.goto('/dashboard/atm/add');
    await expect(page.getByText('does not exist or has been moved')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Add Health ATM' })).toHaveCount(0);
    await runExact(page, 'Open Health ATMs');
    await expect(page.getByRole('heading', { name: 'Health ATMs' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Add/ })).toHaveCount(0);
    await page.keyboard.press('k');
    await page.keyboard.press('c'); // no add for this role: nothing opens
    await openPalette(page);
    await page.keyboard.type('Add Health ATM');
    const titles = page.locator('[data-palette-item] .grow');
    await expect(titles.getByText('Add Health ATM terms', { exact: true })).toBeVisible(); // a master admin may add
    await expect(titles.getByText('Add Health ATM', { exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Add Health ATM' })).toHaveCount(0);
  });

  test('superadmin opens the add form of Health ATMs', async ({ page }) => {
    await signInAs(page, 'superadmin');
    await page.goto('/dashboard/atm/add');
    await expect(page.getByRole('dialog', { name: 'Add Health ATM' })).toBeVisible();
  });
});

test.describe('validation', () => {
  test('a pincode of 5 digits is refused on its field by the schema, then saved with 6', async ({ page }) => {
    await signInAs(page, 'superadmin');
    await runExact(page, 'Add Pincode');
    const form = page.getByRole('dialog', { name: 'Add Pincode' });
    await page.keyboard.type('56001');
    await page.keyboard.press('Tab');
    await page.keyboard.type(unique('Shivajinagar'));
    await pickRef(page, combo(form, 'City'), 'benga', 'Bengaluru');
    await page.keyboard.press('Control+Enter');
    await expect(form.locator('#f-code-error')).toHaveText('Enter the 6 digits of the pincode');
    await expect(field(form, 'Pincode')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByRole('alert').filter({ hasText: 'Please correct the highlighted fields.' })).toBeVisible();
    await expect(field(form, 'Pincode')).toBeFocused();
    await page.keyboard.press('End');
    await page.keyboard.type('9');
    await page.keyboard.press('Control+Enter');
    await expect(toast(page, 'Pincode saved')).toBeVisible();
    await expect(row(page, '560019')).toBeVisible();
  });

  test('a duplicate unique code is refused by the server (409) and shown on its field', async ({ page }) => {
    await signInAs(page, 'superadmin');
    const api = await apiOf(page);
    const code = `DUP${digits(4)}`;
    await api.create('department', { name: unique('Radiology'), code, status: 'active' });
    await runExact(page, 'Add Department');
    const form = page.getByRole('dialog', { name: 'Add Department' });
    await expect(field(form, 'Name')).toBeFocused(); // the form loads on demand: type once it is there
    await page.keyboard.type(unique('Radiology annex'));
    await page.keyboard.press('Tab');
    await page.keyboard.type(code);
    await page.keyboard.press('Control+Enter');
    await expect(form.locator('#f-code-error')).toHaveText('Another record already has this Code');
    await expect(field(form, 'Code')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(form, 'Code')).toBeFocused();
  });
});
