import type { InboxWords } from './types';

/** The inbox's words in English (the console's interface strings and the server's inbox titles and pushes read them). */
export default {
  kinds: {
    signup: '{{name}} asks for a staff account ({{role}})',
    verificationSubmitted: '{{doctor}} sent verification request {{number}}',
    ticketRaised: 'New ticket at {{centre}}: {{subject}}',
    ticketAssigned: 'Ticket assigned to you: {{subject}}',
    ticketComment: '{{author}} commented on {{subject}}',
    paymentRejected: 'Payment {{number}} was rejected',
    worklist: '{{title}} ({{count}})',
    campaign: 'Announcement: {{name}}',
    follow_up: 'Follow up: {{name}}',
    doctorDay: 'Appointments tomorrow, {{day}}: {{count}}',
    factorsReset: '{{by}} reset your second factors: set one up again in your settings',
    rule: '{{name}}: {{text}}',
  },
  roles: { superadmin: 'Super admin', admin: 'Admin', doctor: 'Doctor', fmc: 'FMC staff', railway: 'Railway staff' },
  worklists: {
    doctorInCompleteProfile: 'Doctors: incomplete profile',
    doctorClinicInCompleteProfile: 'Doctors: incomplete clinics',
    patientInCompleteProfile: 'Patients: incomplete profile',
    doctorNotAddedPrescription: 'Doctors: prescriptions missing',
    patientNotAddedFamilyMember: 'Patients: no family members',
    patientNotAddedInsuranceDetails: 'Patients: no insurance',
  },
} satisfies InboxWords;
