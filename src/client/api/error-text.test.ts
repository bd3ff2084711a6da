import { afterAll, describe, expect, test } from 'vitest';
import i18n from '../i18n';
import serverEs from '../i18n/locales/api-messages/es';
import serverFr from '../i18n/locales/api-messages/fr';
import serverIt from '../i18n/locales/api-messages/it';
import serverZh from '../i18n/locales/api-messages/zh';
import uiEn from '../i18n/locales/ui/en';
import uiEs from '../i18n/locales/ui/es';
import uiFr from '../i18n/locales/ui/fr';
import uiIt from '../i18n/locales/ui/it';
import uiZh from '../i18n/locales/ui/zh';
import { ApiError } from './client';
import { NETWORK_MESSAGE, statusMessage } from '../i18n/client-messages';
import { errorText } from './error-text';

/** Each language's strings as the console loads them (i18n/bundles): the interface's, and the server's messages. */
const LANGS = {
  en: { ui: uiEn, server: {} as Record<string, string> },
  zh: { ui: uiZh, server: serverZh }, es: { ui: uiEs, server: serverEs }, fr: { ui: uiFr, server: serverFr }, it: { ui: uiIt, server: serverIt },
};
for (const [lang, { ui, server }] of Object.entries(LANGS)) {
  i18n.addResourceBundle(lang, 'translation', ui, true, true);
  i18n.addResourceBundle(lang, 'validation', server, true, true);
}
afterAll(() => i18n.changeLanguage('en'));

const REFUSED = 'You do not have permission to do this';

describe('errorText: a failed call in the user\'s language', () => {
  test.each(Object.keys(LANGS) as (keyof typeof LANGS)[])('%s', async (lang) => {
    await i18n.changeLanguage(lang);
    const { ui, server } = LANGS[lang];
    // No answer at all, and an answer without the API's errors (a proxy's 502): the client's own words.
    expect(errorText(new ApiError(0, [{ message: NETWORK_MESSAGE, code: 'network' }]))).toBe(ui.errors.network);
    expect(errorText(new ApiError(502, [{ message: statusMessage(502), code: 'http' }]))).toBe(ui.errors.status.replace('{{status}}', '502'));
    // The server's message, translated by its text.
    expect(errorText(new ApiError(403, [{ message: REFUSED }]))).toBe(server[REFUSED as keyof typeof server] ?? REFUSED);
    // Anything else: a general sentence (or the caller's), never the error's English.
    expect(errorText(new TypeError('Failed to construct URL'))).toBe(ui.errors.server);
    expect(errorText('boom', 'the caller’s words')).toBe('the caller’s words');
    if (lang !== 'en') {
      for (const err of [new ApiError(0, [{ message: NETWORK_MESSAGE }]), new ApiError(403, [{ message: REFUSED }]), new Error('x')]) {
        expect(errorText(err)).not.toMatch(/cannot be reached|permission|Request failed|^x$/);
      }
    }
  });
});
