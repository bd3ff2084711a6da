import { afterAll, describe, expect, test } from 'vitest';
import { ApiError, NETWORK_MESSAGE, statusMessage } from '../api/client';
import i18n, { translateMessage } from './index';
import uiEs from './locales/ui/es';
import uiFr from './locales/ui/fr';
import uiIt from './locales/ui/it';
import uiZh from './locales/ui/zh';

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
