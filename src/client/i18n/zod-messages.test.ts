import i18next from 'i18next';
import { z } from 'zod';
import { describe, expect, test } from 'vitest';
import { fromForm, getEntity, inputSchema, type FormValues } from '../../registry';
import entitiesEn from './locales/entities/en';
import entitiesEs from './locales/entities/es';
import entitiesFr from './locales/entities/fr';
import entitiesIt from './locales/entities/it';
import entitiesZh from './locales/entities/zh';
import uiEn from './locales/ui/en';
import uiEs from './locales/ui/es';
import uiFr from './locales/ui/fr';
import uiIt from './locales/ui/it';
import uiZh from './locales/ui/zh';
import { formErrorMap, serverFieldMessage, type Translate } from './zod-messages';

/**
 * The form's messages, as the form makes them: the entity's own schema (the one the server validates with) parsed
 * from form values with the error map, in each of the five languages. Before, an empty required field said zod's
 * "Invalid input: expected string, received null" whatever the language.
 */
const LANGS = { en: [uiEn, entitiesEn], zh: [uiZh, entitiesZh], es: [uiEs, entitiesEs], fr: [uiFr, entitiesFr], it: [uiIt, entitiesIt] } as const;
type Lang = keyof typeof LANGS;

function translator(lang: Lang): Translate {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: lang, fallbackLng: false, initAsync: false, interpolation: { escapeValue: false },
    resources: { [lang]: { translation: LANGS[lang][0], entities: LANGS[lang][1] } },
  });
  return (key, options) => {
    expect(i18n.exists(key, options as never), `${lang}: ${key}`).toBe(true);
    return String(i18n.t(key, options as never));
  };
}

/** The message the form shows on `field` for these form values (the add form of `entity`). */
function formMessage(lang: Lang, entity: string, values: FormValues, field: string): string | undefined {
  const def = getEntity(entity);
  const schema = z.preprocess((v) => fromForm(def, v as FormValues, 'create'), inputSchema(def, 'create'));
  const r = schema.safeParse(values, { error: formErrorMap(def, translator(lang), lang) } as never);
  return r.success ? undefined : r.error.issues.find((i) => i.path.join('.') === field)?.message;
}

const dup = (lang: Lang) => serverFieldMessage(getEntity('department'), 'create', { field: 'code', code: 'duplicate', message: 'Another record already has this code' }, {}, translator(lang), lang, (m) => m);

const EXPECTED: Record<Lang, Record<string, string>> = {
  en: {
    required: 'Name is required', tooLong: 'Name is too long (at most 80 characters)', notNumber: 'Fee is not a number',
    notEmail: 'Email is not an email address', range: 'Capacity must be from 1 to 500', duplicate: 'Another record already has this Code',
  },
  fr: {
    required: 'Le champ « Nom » est obligatoire', tooLong: 'Le champ « Nom » est trop long (80 caractères au plus)', notNumber: 'Le champ « Tarif » n’est pas un nombre',
    notEmail: 'Le champ « E-mail » n’est pas une adresse e-mail', range: 'Le champ « Capacité » doit être compris entre 1 et 500', duplicate: 'Une autre fiche a déjà cette valeur de « Code »',
  },
  es: {
    required: 'El campo «Nombre» es obligatorio', tooLong: 'El campo «Nombre» es demasiado largo (como máximo 80 caracteres)', notNumber: 'El campo «Tarifa» no es un número',
    notEmail: 'El campo «Correo electrónico» no es una dirección de correo electrónico', range: 'El campo «Capacidad» debe estar entre 1 y 500', duplicate: 'Otro registro ya tiene este valor de «Código»',
  },
  it: {
    required: 'Il campo «Nome» è obbligatorio', tooLong: 'Il campo «Nome» è troppo lungo (al massimo 80 caratteri)', notNumber: 'Il campo «Tariffa» non è un numero',
    notEmail: 'Il campo «Email» non è un indirizzo email', range: 'Il campo «Capienza» deve essere compreso tra 1 e 500', duplicate: 'Un altro record ha già questo valore di «Codice»',
  },
  zh: {
    required: '请填写“名称”', tooLong: '“名称”太长（最多 80 个字符）', notNumber: '“费用”不是数字',
    notEmail: '“电子邮件”不是有效的电子邮件地址', range: '“容量”必须在 1 到 500 之间', duplicate: '已有其他记录使用此“代码”',
  },
};

describe.each(Object.keys(LANGS) as Lang[])('form messages in %s', (lang) => {
  const want = EXPECTED[lang];
  test('required, too long, not a number, not an email, out of range, duplicate: each names its field', () => {
    expect(formMessage(lang, 'languages', { name: '', code: '' }, 'name')).toBe(want.required);
    expect(formMessage(lang, 'languages', { name: '   ' }, 'name')).toBe(want.required);
    expect(formMessage(lang, 'languages', { name: 'x'.repeat(81) }, 'name')).toBe(want.tooLong);
    expect(formMessage(lang, 'appointments', { fee: 'abc' }, 'fee')).toBe(want.notNumber);
    expect(formMessage(lang, 'admin-user', { email: 'not-an-address' }, 'email')).toBe(want.notEmail);
    expect(formMessage(lang, 'fmcslots', { capacity: '0' }, 'capacity')).toBe(want.range);
    expect(formMessage(lang, 'fmcslots', { capacity: '501' }, 'capacity')).toBe(want.range);
    expect(dup(lang)).toBe(want.duplicate);
  });

  test("the registry's own messages still win (translated elsewhere, by their English text)", () => {
    expect(formMessage(lang, 'pincode', { code: '56001' }, 'code')).toBe('Enter the 6 digits of the pincode');
  });
});

describe('other kinds', () => {
  const t = translator('en');
  test('whole numbers, decimals of money, dates, choices, nested list items', () => {
    expect(formMessage('en', 'fmcslots', { capacity: '2.5' }, 'capacity')).toBe('Capacity must be a whole number');
    expect(formMessage('en', 'appointments', { fee: '10.123' }, 'fee')).toBe('Fee can have at most 2 decimal places');
    expect(formMessage('en', 'appointments', { fee: '-1' }, 'fee')).toBe('Fee must be from 0 to 1,00,00,000');
    expect(formMessage('en', 'fmcslots', { date: '2026-13-40' }, 'date')).toBe('Date is not a date');
    expect(formMessage('en', 'appointments', { mode: 'teleport' }, 'mode')).toBe('Choose one of the options for Mode');
    expect(formMessage('en', 'appointments', { prescription: [{ medicine: '', dose: '', days: '' }] }, 'prescription.0.dose')).toBe('Dose is required');
  });

  test("a server field error is said as the form would say it; a rule only the server knows keeps the server's words", () => {
    const def = getEntity('languages');
    expect(serverFieldMessage(def, 'create', { field: 'name', code: 'invalid_type', message: 'Invalid input: expected string, received null' }, { name: null }, t, 'en', (m) => m)).toBe('Name is required');
    expect(serverFieldMessage(def, 'create', { field: 'name', code: 'protected', message: 'Only a superadmin may change this' }, { name: 'Hindi' }, t, 'en', (m) => `[${m}]`)).toBe('[Only a superadmin may change this]');
  });

  test.each(Object.keys(LANGS) as Lang[])('%s: every issue gets a sentence naming its field, never zod\'s words', (lang) => {
    const map = formErrorMap(getEntity('doctor'), translator(lang), lang);
    const zodWords = /invalid input|expected|received|unrecognized/i;
    const said = [
      map({ code: 'invalid_type', expected: 'string', input: 5, path: ['firstName'] }),
      map({ code: 'invalid_type', expected: 'array', input: 'x', path: ['specialities'] }),
      map({ code: 'invalid_union', input: true, path: ['bio'] }),
      map({ code: 'custom', input: 'x', path: ['clinics', 0, 'name'] }),
      map({ code: 'unrecognized_keys', keys: ['colour'], path: [] }),
      map({ code: 'invalid_key', input: {}, path: [] }),
    ];
    for (const m of said) expect(m).not.toMatch(zodWords);
    expect(said[0]).toContain(LANGS[lang][1].doctor.fields.firstName);
    expect(said[3]).toContain(LANGS[lang][1].doctor.items!.clinics.name);
    expect(said[4]).toContain('colour');
    expect(said[5]).toContain(LANGS[lang][1].doctor.one);
  });
});
