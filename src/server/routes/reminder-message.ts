import type { WorklistDef } from '../../registry';
import { gsmLength, mobileNumber, SMS_MAX } from '../sms';

/**
 * What a worklist reminder says, and where it goes (routes/worklists.ts). The channel is chosen per person by what
 * their record holds: an e-mail address if there is one (a mail has room for the whole list), else a mobile number
 * (a text message: the same reminder made compact), else nobody can be reached (`no_contact`).
 */
export type Channel = 'mail' | 'sms';
export type Contact = { channel: Channel; to: string };

/** The record's e-mail address, else its mobile number (sms.ts, mobileNumber), else null. */
export function contactOf(rec: Record<string, unknown>): Contact | null {
  const email = typeof rec.email === 'string' ? rec.email.trim() : '';
  if (email) return { channel: 'mail', to: email };
  const mobile = mobileNumber(rec.phone);
  return mobile ? { channel: 'sms', to: mobile } : null;
}

const SUBJECTS: Record<string, string> = {
  doctorInCompleteProfile: 'Please complete your doctor profile',
  doctorClinicInCompleteProfile: 'Please complete your clinic details',
  patientInCompleteProfile: 'Please complete your profile',
  doctorNotAddedPrescription: 'Please add prescriptions to your completed consultations',
  patientNotAddedFamilyMember: 'Add your family members',
  patientNotAddedInsuranceDetails: 'Add your insurance details',
};

/** The ask of a text message, after the greeting. */
const ASKS: Record<string, string> = {
  doctorInCompleteProfile: 'please complete your doctor profile in the app',
  doctorClinicInCompleteProfile: 'please complete your clinic details in the app',
  patientInCompleteProfile: 'please complete your profile in the app',
  doctorNotAddedPrescription: 'please add prescriptions in the app',
  patientNotAddedFamilyMember: 'please add your family members in the app',
  patientNotAddedInsuranceDetails: 'please add your insurance details in the app',
};

/** `registrationCouncil` → "registration council", `clinics.pincode` → "clinics: pincode" (plain English). */
const words = (key: string) => key.split('.').map((k) => k.replace(/([A-Z])/g, ' $1').toLowerCase()).join(': ');

/** What is missing, an item each, in words; the appointment probe as how many consultations lack a prescription. */
function missingItems(w: WorklistDef, missing: string[], count: number | undefined, long: boolean): string[] {
  return missing.map((m) => {
    if (m !== `${w.via?.entity}.${w.via?.emptyList}`) return words(m);
    const n = count ?? 1;
    return long ? `completed consultations without a prescription: ${n}` : `${n} consultation${n === 1 ? '' : 's'} without a prescription`;
  });
}

export function mailFor(w: WorklistDef, name: string, missing: string[], count: number | undefined): { subject: string; body: string } {
  const lines = missingItems(w, missing, count, true).map((item) => `- ${item}`);
  return {
    subject: SUBJECTS[w.id] ?? 'Please complete your details',
    body: `Dear ${name},\n\nYour details on the platform are missing:\n${lines.join('\n')}\n\nPlease add them in the app at your earliest convenience.\n\nThank you.`,
  };
}

/**
 * The reminder as one SMS: at most 160 characters of the GSM alphabet, the first of these that fits — greeting by
 * name with everything missing; without the name; the first items missing and how many more; the ask alone (which
 * always fits). A name outside the GSM alphabet (Devanagari, say) is left out rather than sent: one such character
 * makes the whole message UCS-2, 70 characters a part, and the reminder two or three billed parts.
 */
export function textFor(w: WorklistDef, name: string, missing: string[], count: number | undefined): string {
  const ask = ASKS[w.id] ?? 'please complete your details in the app';
  const items = missingItems(w, missing, count, false);
  const fits = (text: string) => {
    const n = gsmLength(text);
    return n !== null && n <= SMS_MAX;
  };
  const cleanName = name.replace(/\s+/g, ' ').trim();
  const greetings = [...(cleanName ? [`Hi ${cleanName}, `] : []), 'Hello, '];
  for (const hi of greetings) {
    const whole = `${hi}${ask}. Missing: ${items.join(', ')}.`;
    if (fits(whole)) return whole;
  }
  for (let k = items.length - 1; k >= 1; k--) {
    const some = `Hello, ${ask}. Missing: ${items.slice(0, k).join(', ')} and ${items.length - k} more.`;
    if (fits(some)) return some;
  }
  return `Hello, ${ask}.`;
}
