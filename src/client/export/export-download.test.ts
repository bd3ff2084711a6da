import { afterAll, describe, expect, test } from 'vitest';
import { ApiError } from '../api/client';
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
import { exportFailureText, recordCounter } from './export-download';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('recordCounter: CSV records counted as their bytes arrive', () => {
  test.each([
    ['plain lines', ['a,b\r\n', '1,2\r\n3,4\r\n'], 3],
    ['a line break inside quotes is no record end', ['"x\ny",1\r\n', '"p ""q""\r\n r",2\r\n'], 2],
    ['a quoted cell split across pieces', ['h\r\n"one\n', 'two",3\r\n'], 2],
    ['a multi-byte name split mid-character', ['h\r\n', new TextDecoder().decode(bytes('अश्व').slice(0, 4)), '\r\n'], 2],
  ])('%s', (_, pieces, records) => {
    const count = recordCounter();
    let n = 0;
    for (const p of pieces) n = count(typeof p === 'string' ? bytes(p) : p);
    expect(n).toBe(records);
  });
});

/** The ui strings and the server's messages of each language, as the console loads them (i18n/bundles). */
const LANGS = {
  en: { ui: uiEn, server: {} as Record<string, string> }, fr: { ui: uiFr, server: serverFr }, es: { ui: uiEs, server: serverEs },
  it: { ui: uiIt, server: serverIt }, zh: { ui: uiZh, server: serverZh },
};

for (const [lang, { ui, server }] of Object.entries(LANGS)) {
  i18n.addResourceBundle(lang, 'translation', ui, true, true);
  i18n.addResourceBundle(lang, 'validation', server, true, true);
}
afterAll(() => i18n.changeLanguage('en'));

describe('exportFailureText: why an export failed, in the user\'s language', () => {
  test.each(Object.keys(LANGS) as (keyof typeof LANGS)[])('%s', async (lang) => {
    await i18n.changeLanguage(lang);
    const { ui, server } = LANGS[lang];
    const text = (err: unknown) => exportFailureText(err, i18n.getFixedT(lang));

    // The errors the download makes itself (no connection, a status without the API's body), and the browser's own.
    expect(text(new ApiError(0, [{ message: 'The server cannot be reached', code: 'network' }]))).toBe(ui.errors.network);
    expect(text(new ApiError(502, [{ message: 'Request failed (502)', code: 'http' }]))).toBe(ui.exportCsv.status.replace('{{status}}', '502'));
    expect(text(new RangeError('Array buffer allocation failed'))).toBe(ui.errors.server);
    // The server's own message, translated where the console knows it.
    const refused = 'You do not have permission to do this';
    expect(text(new ApiError(403, [{ message: refused }]))).toBe((server as Record<string, string>)[refused] ?? refused);
    // Not the English of the error itself (before, the alert read "L’export a échoué : The server cannot be reached").
    if (lang !== 'en') expect(text(new ApiError(0, [{ message: 'The server cannot be reached', code: 'network' }]))).not.toContain('cannot be reached');
  });
});
