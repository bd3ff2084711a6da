import { createInstance } from 'i18next';
import { describe, expect, test } from 'vitest';
import { INBOX_KINDS, ROLES, WORKLISTS } from '../../registry';
import { inboxTitle, lookupIn } from '../../words/inbox-title';
import { INBOX_WORDS } from '../../words/inbox-words';
import enumsEn from '../i18n/locales/enums/en';
import enumsFr from '../i18n/locales/enums/fr';
import enumsZh from '../i18n/locales/enums/zh';
import uiEn from '../i18n/locales/ui/en';
import uiFr from '../i18n/locales/ui/fr';
import uiZh from '../i18n/locales/ui/zh';
import { inboxText } from './inbox-text';

/** The panel words an item from its kind and parameters in the reader's language (the server stores no sentence). */
async function tIn(lang: string) {
  const i18n = createInstance();
  await i18n.init({
    lng: lang, fallbackLng: 'en', interpolation: { escapeValue: false },
    resources: { en: { translation: uiEn, enums: enumsEn }, fr: { translation: uiFr, enums: enumsFr }, zh: { translation: uiZh, enums: enumsZh } },
  });
  return i18n.t.bind(i18n);
}

describe('inboxText', () => {
  test('every language has the words of every kind, role and worklist', () => {
    for (const [lang, words] of Object.entries(INBOX_WORDS)) {
      expect(Object.keys(words.kinds).sort(), lang).toEqual([...INBOX_KINDS].sort());
      expect(Object.keys(words.roles).sort(), lang).toEqual([...ROLES].sort());
      expect(Object.keys(words.worklists).sort(), lang).toEqual(WORKLISTS.map((w) => w.id).sort());
    }
  });

  test('the panel (i18next) and the server (shared words) say every kind alike, in every language', async () => {
    const params = { name: 'Ravi Menon', role: 'fmc', doctor: 'Dr Asha Rao', number: 'RV-7', centre: 'Powai', subject: 'Kiosk down', author: 'Vikram', by: 'Asha Rao', worklist: 'patientNotAddedFamilyMember', count: 4, text: 'Kiosk down since noon', day: '2026-11-30' };
    const t = await tIn('fr');
    for (const kind of INBOX_KINDS) {
      expect(inboxText(t, { kind, params, title: 'x' }), kind).toBe(inboxTitle(kind, params, lookupIn(INBOX_WORDS.fr, INBOX_WORDS.en)));
    }
  });

  test('a role by its label and a worklist by its title, in the reader\'s language', async () => {
    const signup = { kind: 'signup', params: { name: 'Ravi Menon', role: 'railway' }, title: 'x' };
    const worklist = { kind: 'worklist', params: { worklist: 'doctorNotAddedPrescription', count: 3 }, title: 'x' };
    expect(inboxText(await tIn('en'), signup)).toBe('Ravi Menon asks for a staff account (Railway staff)');
    expect(inboxText(await tIn('en'), worklist)).toBe('Doctors: prescriptions missing (3)');
    expect(inboxText(await tIn('fr'), signup)).toBe(`Ravi Menon demande un compte du personnel (${enumsFr.railway})`);
    expect(inboxText(await tIn('fr'), worklist)).toBe(`${uiFr.screen.doctorNotAddedPrescription.title} (3)`);
    expect(inboxText(await tIn('zh'), { kind: 'paymentRejected', params: { number: 'PAY-2026-000001' }, title: 'x' })).toBe('付款 PAY-2026-000001 已被拒绝');
    expect(inboxText(await tIn('fr'), { kind: 'somethingNew', params: {}, title: 'The API said so' })).toBe('The API said so');
  });
});
