import { defineEntity } from '../entity';
import { f } from '../fields';

/**
 * A patient (they sign up in the app; the console reads them: the policy gives no add or edit).
 * the platform's record model's nested address, emergency contact and insurance are flattened into columns so that they can
 * be searched, sorted and indexed; the emergency contact is split into a name and a phone number.
 * Family members are a nested list whose relationship refers to a `relationships` record.
 */
export const patients = defineEntity({
  name: 'patients',
  api: 'patients',
  table: 'patient',
  fields: {
    firstName: f.text({ required: true, max: 80, sortable: true, searchable: true }),
    lastName: f.text({ required: true, max: 80, sortable: true, searchable: true }),
    phone: f.phone({ required: true, unique: true, sortable: true, searchable: true }),
    email: f.email({ sortable: true, searchable: true }),
    gender: f.enum(['male', 'female', 'other'], { sortable: true }),
    dateOfBirth: f.date({ sortable: true }),
    bloodGroup: f.enum(['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-']),
    addressLine: f.text({ max: 300 }),
    city: f.ref('city'),
    state: f.ref('state'),
    pincode: f.code({ sortable: true, pattern: /^[1-9][0-9]{5}$/, message: 'Enter the 6 digits of the pincode' }),
    emergencyContactName: f.text({ max: 120 }),
    emergencyContactPhone: f.phone(),
    familyMembers: f.list({
      name: f.text({ required: true, max: 120 }),
      relationship: f.ref('relationships', { required: true }),
      dateOfBirth: f.date(),
      gender: f.enum(['male', 'female', 'other']),
    }, { max: 20 }),
    insuranceProvider: f.text({ max: 120, searchable: true }),
    insurancePolicyNumber: f.code({ max: 40, searchable: true }),
    insuranceValidTo: f.date({ sortable: true }),
    status: f.enum(['active', 'inactive'], { required: true, sortable: true }),
    // Asked by the patient: no notification campaign reaches them (checked when a campaign sends).
    campaignOptOut: f.bool(),
    // The language the patient chose in the app (one of the console's): their appointment reminders are written in it.
    language: f.enum(['en', 'zh', 'es', 'fr', 'it']),
  },
  titleFields: ['firstName', 'lastName'],
  subtitleFields: ['phone', 'email'],
  columns: ['firstName', 'lastName', 'phone', 'gender', 'dateOfBirth', 'city', 'status'],
  defaultSort: { field: 'lastName', dir: 'asc' },
  nav: { group: 'people', order: 20 },
});
