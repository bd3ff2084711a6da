import i18next from 'i18next';
import { describe, expect, test } from 'vitest';
import { getEntity } from '../../registry';
import { ApiError } from '../api/client';
import serverEs from '../i18n/locales/api-messages/es';
import serverFr from '../i18n/locales/api-messages/fr';
import serverIt from '../i18n/locales/api-messages/it';
import serverZh from '../i18n/locales/api-messages/zh';
import uiEn from '../i18n/locales/ui/en';
import uiEs from '../i18n/locales/ui/es';
import uiFr from '../i18n/locales/ui/fr';
import uiIt from '../i18n/locales/ui/it';
import uiZh from '../i18n/locales/ui/zh';
import { exportFailureText, exportUrl, recordCounter } from './export-download';

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

test('exportUrl: the list query, the columns, one header each, and the ids', () => {
  const url = new URL(exportUrl(getEntity('patients'), {
    query: { q: 'shah', sort: { field: 'lastName', dir: 'desc' }, filters: { status: 'active' } },
    columns: ['firstName', 'phone'], headers: ['Prénom', 'Téléphone, mobile'], ids: [3, 1],
  }), 'http://x');
  expect(url.pathname).toBe('/api/patients/export');
  expect(url.searchParams.get('q')).toBe('shah');
  expect(url.searchParams.get('sort')).toBe('lastName:desc');
  expect(url.searchParams.get('filter[status]')).toBe('active');
  expect(url.searchParams.get('columns')).toBe('firstName,phone');
  expect(url.searchParams.getAll('header')).toEqual(['Prénom', 'Téléphone, mobile']);
  expect(url.searchParams.get('ids')).toBe('3,1');
});

/** The ui strings and the server's messages of each language, as the console loads them (i18n/bundles). */
const LANGS = {
  en: { ui: uiEn, server: {} as Record<string, string> }, fr: { ui: uiFr, server: serverFr }, es: { ui: uiEs, server: serverEs },
  it: { ui: uiIt, server: serverIt }, zh: { ui: uiZh, server: serverZh },
};

describe('exportFailureText: why an export failed, in the user\'s language', () => {
  test.each(Object.keys(LANGS) as (keyof typeof LANGS)[])('%s', (lang) => {
    const i18n = i18next.createInstance();
    void i18n.init({ lng: lang, fallbackLng: 'en', initAsync: false, interpolation: { escapeValue: false },
      resources: Object.fromEntries(Object.entries(LANGS).map(([l, r]) => [l, { translation: r.ui, validation: r.server }])) });
    const t = i18n.getFixedT(lang);
    const translate = (m: string) => i18n.t(m, { ns: 'validation', keySeparator: false, nsSeparator: false, defaultValue: m });
    const { ui, server } = LANGS[lang];
    const text = (err: unknown) => exportFailureText(err, t, translate);

    // The errors fetchExport makes itself (no connection, a status without the API's body), and the browser's own.
    expect(text(new ApiError(0, [{ message: 'The server cannot be reached', code: 'network' }]))).toBe(ui.errors.network);
    expect(text(new ApiError(502, [{ message: 'Request failed (502)', code: 'http' }]))).toBe(ui.exportCsv.status.replace('{{status}}', '502'));
    expect(text(new RangeError('Array buffer allocation failed'))).toBe(ui.errors.server);
    // The server's own message, translated where the console knows it.
    const refused = 'You do not have permission to do this';
    expect(text(new ApiError(403, [{ message: refused }]))).toBe(server[refused] ?? refused);
    // Not the English of the error itself (before, the alert read "L’export a échoué : The server cannot be reached").
    if (lang !== 'en') expect(text(new ApiError(0, [{ message: 'The server cannot be reached', code: 'network' }]))).not.toContain('cannot be reached');
  });
});
