import { describe, expect, test } from 'vitest';
import { WORKLISTS, type WorklistDef } from '../../registry';
import { gsmLength, SMS_MAX } from '../sms';
import { contactOf, mailFor, textFor } from './reminder-message';

/** Everything a worklist's rule can find missing at once (worklist-rules.ts names them so). */
const everything = (w: WorklistDef) => [
  ...(w.missing ?? []), ...(w.emptyList ? [w.emptyList] : []),
  ...(w.incompleteItems?.fields.map((f) => `${w.incompleteItems!.list}.${f}`) ?? []), ...(w.via ? [`${w.via.entity}.${w.via.emptyList}`] : []),
];

describe('the channel: e-mail, else a mobile number, else none', () => {
  test.each([
    [{ email: 'asha@example.in', phone: '+91 98123 45678' }, { channel: 'mail', to: 'asha@example.in' }],
    [{ email: '  ', phone: '+91 98123 45678' }, { channel: 'sms', to: '+919812345678' }],
    [{ email: null, phone: '098123-45678' }, { channel: 'sms', to: '+919812345678' }],
    [{ phone: '+44 7700 900123' }, { channel: 'sms', to: '+447700900123' }],
    [{ email: null, phone: '+91 22 2345 6789' }, null],
    [{ email: null, phone: '022 2345 6789' }, null],
    [{ email: null, phone: null }, null],
    [{}, null],
  ])('%j → %j', (rec, contact) => {
    expect(contactOf(rec)).toEqual(contact);
  });
});

describe('a text message is one SMS of the GSM alphabet', () => {
  const longName = 'Venkata Subrahmanya Lakshminarayana Ramachandran';
  test.each(WORKLISTS.map((w) => [w.id, w]))('%s: everything missing, a long name, a name outside GSM', (_, w) => {
    for (const name of ['Asha Rao', longName, 'आशा राव', '']) {
      const text = textFor(w, name, everything(w), 12);
      const n = gsmLength(text);
      expect(n, text).not.toBeNull();
      expect(n!, text).toBeLessThanOrEqual(SMS_MAX);
      expect(text).not.toMatch(/\n/);
    }
  });

  test('names the person and everything missing when it fits; counts what it leaves out when not', () => {
    const patient = WORKLISTS.find((w) => w.id === 'patientInCompleteProfile')!;
    expect(textFor(patient, 'Asha Rao', ['email', 'bloodGroup'], undefined)).toBe('Hi Asha Rao, please complete your profile in the app. Missing: email, blood group.');
    expect(textFor(patient, 'आशा राव', ['bloodGroup'], undefined)).toBe('Hello, please complete your profile in the app. Missing: blood group.');
    const doctor = WORKLISTS.find((w) => w.id === 'doctorInCompleteProfile')!;
    const all = textFor(doctor, longName, everything(doctor), undefined);
    expect(all).not.toContain(longName);
    expect(all).toMatch(/^Hello, please complete your doctor profile in the app\. Missing: photo, bio, /);
    const rx = WORKLISTS.find((w) => w.id === 'doctorNotAddedPrescription')!;
    expect(textFor(rx, 'Dr Meera Iyer', everything(rx), 2)).toBe('Hi Dr Meera Iyer, please add prescriptions in the app. Missing: 2 consultations without a prescription.');
  });

  test('the mail keeps the whole list', () => {
    const doctor = WORKLISTS.find((w) => w.id === 'doctorInCompleteProfile')!;
    const mail = mailFor(doctor, 'Dr Meera Iyer', ['bio', 'consultationFee'], undefined);
    expect(mail.subject).toBe('Please complete your doctor profile');
    expect(mail.body).toContain('- bio\n- consultation fee');
  });
});

describe('gsmLength', () => {
  test.each([['Hello', 5], ['€5 [x]', 9], ['Ünïcode', null], ['ok 😀', null], ['', 0]])('%j → %j', (text, n) => {
    expect(gsmLength(text)).toBe(n);
  });
});
