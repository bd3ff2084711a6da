import type { InboxWords } from './types';

/** The inbox's words in Spanish (the console's interface strings and the server's inbox titles and pushes read them). */
export default {
  kinds: {
    signup: '{{name}} solicita una cuenta de personal ({{role}})',
    verificationSubmitted: '{{doctor}} envió la solicitud de verificación {{number}}',
    ticketRaised: 'Nuevo ticket en {{centre}}: {{subject}}',
    ticketAssigned: 'Ticket asignado a usted: {{subject}}',
    ticketComment: '{{author}} comentó en {{subject}}',
    paymentRejected: 'El pago {{number}} fue rechazado',
    worklist: '{{title}} ({{count}})',
    campaign: 'Aviso: {{name}}',
    follow_up: 'Seguimiento: {{name}}',
    doctorDay: 'Citas de mañana, {{day}}: {{count}}',
    factorsReset: '{{by}} restableció sus segundos factores: configure uno de nuevo en sus ajustes',
    rule: '{{name}}: {{text}}',
  },
  roles: { superadmin: 'Superadministrador', admin: 'Administrador', doctor: 'Médico', fmc: 'Personal de FMC', railway: 'Personal ferroviario' },
  worklists: {
    doctorInCompleteProfile: 'Médicos: perfil incompleto',
    doctorClinicInCompleteProfile: 'Médicos: consultas incompletas',
    patientInCompleteProfile: 'Pacientes: perfil incompleto',
    doctorNotAddedPrescription: 'Médicos: faltan recetas',
    patientNotAddedFamilyMember: 'Pacientes: sin familiares',
    patientNotAddedInsuranceDetails: 'Pacientes: sin seguro',
  },
} satisfies InboxWords;
