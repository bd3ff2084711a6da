import { defineEntity } from '../entity';
import { f } from '../fields';

/**
 * A doctor on the platform. Clinics are a nested list (a doctor's clinics belong to that doctor alone).
 * Each clinic's city is free text rather than a reference: references inside list items get neither
 * labels nor delete integrity from the generic CRUD, and a clinic address is printed as written.
 * `verificationStatus` follows docs/decisions.md#statuses-and-transitions (pending → requested → verified).
 */
export const doctor = defineEntity({
  name: 'doctor',
  api: 'doctor',
  table: 'doctor',
  fields: {
    firstName: f.text({ required: true, max: 80, sortable: true, searchable: true }),
    lastName: f.text({ required: true, max: 80, sortable: true, searchable: true }),
    email: f.email({ required: true, unique: true, sortable: true, searchable: true }),
    phone: f.phone({ required: true, searchable: true }),
    gender: f.enum(['male', 'female', 'other'], { sortable: true }),
    dateOfBirth: f.date(),
    photo: f.image(),
    specialities: f.refs('speciality', { filterable: true }),
    subSpecialities: f.refs('specialitys'),
    languages: f.refs('languages', { filterable: true }),
    qualification: f.ref('educational_categorymaster'),
    experienceYears: f.int({ max: 70, sortable: true }),
    registrationCouncil: f.ref('registerCouncil'),
    registrationNumber: f.code({ max: 30, searchable: true }),
    consultationFee: f.money({ sortable: true }),
    bio: f.longText({ max: 4000 }),
    clinics: f.list({
      name: f.text({ required: true, max: 120 }),
      address: f.text({ required: true, max: 300 }),
      city: f.text({ max: 80 }),
      pincode: f.code({ pattern: /^[1-9][0-9]{5}$/, message: 'Enter the 6 digits of the pincode' }),
      timings: f.text({ max: 120 }),
    }, { max: 10 }),
    verificationStatus: f.enum(['pending', 'requested', 'verified'], { required: true, sortable: true }),
    status: f.enum(['active', 'inactive'], { required: true, sortable: true }),
  },
  titleFields: ['firstName', 'lastName'],
  subtitleFields: ['email', 'phone'],
  columns: ['firstName', 'lastName', 'specialities', 'experienceYears', 'consultationFee', 'verificationStatus', 'status'],
  defaultSort: { field: 'lastName', dir: 'asc' },
  nav: { group: 'people', order: 10 },
});
