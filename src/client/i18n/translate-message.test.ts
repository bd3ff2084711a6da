import { afterAll, describe, expect, test } from 'vitest';
import { ApiError } from '../api/client';
import { NETWORK_MESSAGE, statusMessage } from './client-messages';
import i18n, { translateMessage } from './index';
import uiEs from './locales/ui/es';
import uiFr from './locales/ui/fr';
import uiIt from './locales/ui/it';
import uiZh from './locales/ui/zh';
import { SERVER_MESSAGES } from './locales/api-messages/en';
import serverEs from './locales/api-messages/es';
import serverFr from './locales/api-messages/fr';
import serverIt from './locales/api-messages/it';
import serverZh from './locales/api-messages/zh';
import { localDay, matchMessage } from './message-patterns';

/**
 * The API client's own failure messages (no answer at all; an answer without the API's errors, e.g. a proxy's 502) are
 * said in the user's language wherever a screen shows a failed call (translateMessage); before, they stayed English.
 */
const bundles = { fr: uiFr, es: uiEs, it: uiIt, zh: uiZh } as const;
for (const [lang, ui] of Object.entries(bundles)) i18n.addResourceBundle(lang, 'translation', ui, true, true);
afterAll(() => i18n.changeLanguage('en'));

describe('the client-made failure messages in every language', () => {
  test.each(Object.entries(bundles))('%s', async (lang, ui) => {
    await i18n.changeLanguage(lang);
    const offline = new ApiError(0, [{ message: NETWORK_MESSAGE, code: 'network' }]);
    expect(translateMessage(offline.message)).toBe(ui.errors.network);
    const bare = new ApiError(502, [{ message: statusMessage(502), code: 'http' }]);
    const said = translateMessage(bare.message);
    expect(said).toBe(ui.errors.status.replace('{{status}}', '502'));
    expect(said).not.toMatch(/Request failed|server cannot/);
  });

  test('English: whole sentences, and a message of the server passes through', async () => {
    await i18n.changeLanguage('en');
    expect(translateMessage(NETWORK_MESSAGE)).toMatch(/^The server cannot be reached\. Check your connection/);
    expect(translateMessage(statusMessage(503))).toBe('The server answered with error 503. Try again in a moment.');
    expect(translateMessage('Name is required')).toBe('Name is required');
  });
});

/** The server's messages with values (a day, a zone), keyed with `{{name}}` in their place (message-patterns.ts). */
const servers = { fr: serverFr, es: serverEs, it: serverIt, zh: serverZh } as const;
for (const [lang, set] of Object.entries(servers)) i18n.addResourceBundle(lang, 'validation', set, true, true);
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const WITH_VALUES = SERVER_MESSAGES.filter((m) => m.includes('{{'));

describe('messages of the server that carry a day and a zone', () => {
  test('there are such messages, and each language keeps every value of each', () => {
    expect(WITH_VALUES.length).toBeGreaterThanOrEqual(3);
    for (const [lang, set] of Object.entries(servers)) {
      for (const m of WITH_VALUES) expect(placeholders(set[m]), `${lang}: ${m}`).toEqual(placeholders(m));
    }
  });

  test.each(Object.entries(servers))('%s: said in the language, the day the reader\'s way, the zone as it came', async (lang, set) => {
    await i18n.changeLanguage(lang);
    const sent = 'This appointment is on 8 Dec 2026 (Asia/Kolkata): it can be marked completed from that day on';
    const day = new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 11, 8)));
    const key = 'This appointment is on {{day}} ({{zone}}): it can be marked completed from that day on';
    expect(translateMessage(sent)).toBe(set[key].replace('{{day}}', day).replace('{{zone}}', 'Asia/Kolkata'));
    expect(translateMessage('This move was made more than 10 minutes ago: it can no longer be undone')).toContain('10');
    // A plain message still by its text; one that matches nothing stays as it came.
    expect(translateMessage('This move was already undone')).toBe(set['This move was already undone']);
    expect(translateMessage('This appointment is on a day')).toBe('This appointment is on a day');
  });

  test('English: the message as the server said it', async () => {
    await i18n.changeLanguage('en');
    const sent = 'This appointment is on 18 Dec 2026 (Asia/Kolkata): it can be marked missed from that day on';
    expect(translateMessage(sent)).toBe(sent);
  });
});

describe('a day in the server\'s words, said another way', () => {
  test('each month, and what is not such a day left alone', () => {
    expect(localDay('1 Jan 2027', 'en-GB')).toBe('1 Jan 2027');
    expect(localDay('18 Dec 2026', 'zh')).toBe('2026年12月18日');
    expect(localDay('31 May 2026', 'fr')).toMatch(/^31 mai 2026$/);
    expect(localDay('Someday', 'fr')).toBe('Someday');
    expect(localDay('18 Foo 2026', 'fr')).toBe('18 Foo 2026');
  });

  test('matchMessage reads the values out of a message, word for word around them', () => {
    expect(matchMessage('Pay 5 (x.y)', ['Pay {{n}} ({{what}})'])).toEqual({ key: 'Pay {{n}} ({{what}})', values: { n: '5', what: 'x.y' } });
    expect(matchMessage('Pay 5 [x.y]', ['Pay {{n}} ({{what}})'])).toBeNull();
    expect(matchMessage('Pay 5', ['Pay 5'])).toBeNull();
  });
});
