import type { EnumLabelSet } from '../types';

/** Enum values, shared across entities (a value means the same wherever it appears). */
export default {
  active: 'Active', inactive: 'Inactive', disabled: 'Disabled', pending: 'Pending',
  superadmin: 'Super admin', admin: 'Admin', doctor: 'Doctor', fmc: 'FMC staff', railway: 'Railway staff',
  undergraduate: 'Undergraduate', postgraduate: 'Postgraduate', diploma: 'Diploma', superspeciality: 'Super-speciality', fellowship: 'Fellowship', male: 'Male',
  female: 'Female', other: 'Other', requested: 'Requested', verified: 'Verified', 'A+': 'A+', 'A-': 'A−',
  'B+': 'B+', 'B-': 'B−', 'AB+': 'AB+', 'AB-': 'AB−', 'O+': 'O+', 'O-': 'O−',
  open: 'Open', closed: 'Closed', tablet: 'Tablet', capsule: 'Capsule', syrup: 'Syrup', injection: 'Injection',
  ointment: 'Ointment', drops: 'Drops', otc: 'Over the counter', schedule_h: 'Schedule H', schedule_h1: 'Schedule H1', schedule_x: 'Schedule X',
  haematology: 'Haematology', biochemistry: 'Biochemistry', immunology: 'Immunology', microbiology: 'Microbiology', clinical_pathology: 'Clinical pathology', hormones: 'Hormones',
  blood: 'Whole blood', serum: 'Serum', plasma: 'Plasma', urine: 'Urine', stool: 'Stool', swab: 'Swab',
  sputum: 'Sputum', healthy: 'Healthy', gingivitis: 'Gingivitis', periodontitis: 'Periodontitis', good: 'Good', fair: 'Fair',
  poor: 'Poor', fit: 'Fit', unfit: 'Unfit', refer: 'Refer to a specialist', normal: 'Normal', defective: 'Defective',
  jio: 'Jio', airtel: 'Airtel', vi: 'Vi (Vodafone Idea)', bsnl: 'BSNL', maintenance: 'Under maintenance', retired: 'Retired',
  revoked: 'Revoked', expired: 'Expired', passed: 'Passed', failed: 'Failed', any: 'Any', basic: 'Basic',
  silver: 'Silver', gold: 'Gold', cancelled: 'Cancelled', all: 'Everyone', patient: 'Patient', push: 'Push notification',
  email: 'Email', sms: 'SMS', draft: 'Draft', scheduled: 'Scheduled', sent: 'Sent', general: 'General',
  appointments: 'Appointments', payments: 'Payments', account: 'Account', technical: 'Technical',
} satisfies EnumLabelSet;
