import type { InboxWords } from './types';

/** The inbox's words in Italian (the console's interface strings and the server's inbox titles and pushes read them). */
export default {
  kinds: {
    signup: '{{name}} chiede un account del personale ({{role}})',
    verificationSubmitted: '{{doctor}} ha inviato la richiesta di verifica {{number}}',
    ticketRaised: 'Nuovo ticket presso {{centre}}: {{subject}}',
    ticketAssigned: 'Ticket assegnato a te: {{subject}}',
    ticketComment: '{{author}} ha commentato {{subject}}',
    paymentRejected: 'Il pagamento {{number}} è stato rifiutato',
    worklist: '{{title}} ({{count}})',
    campaign: 'Avviso: {{name}}',
    follow_up: 'Da seguire: {{name}}',
    doctorDay: 'Appuntamenti di domani, {{day}}: {{count}}',
    factorsReset: '{{by}} ha reimpostato i tuoi secondi fattori: configurane uno di nuovo nelle impostazioni',
    rule: '{{name}}: {{text}}',
  },
  roles: { superadmin: 'Super amministratore', admin: 'Amministratore', doctor: 'Medico', fmc: 'Personale FMC', railway: 'Personale ferroviario' },
  worklists: {
    doctorInCompleteProfile: 'Medici: profilo incompleto',
    doctorClinicInCompleteProfile: 'Medici: ambulatori incompleti',
    patientInCompleteProfile: 'Pazienti: profilo incompleto',
    doctorNotAddedPrescription: 'Medici: prescrizioni mancanti',
    patientNotAddedFamilyMember: 'Pazienti: nessun familiare',
    patientNotAddedInsuranceDetails: 'Pazienti: senza assicurazione',
  },
} satisfies InboxWords;
