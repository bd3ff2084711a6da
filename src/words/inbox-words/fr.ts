import type { InboxWords } from './types';

/** The inbox's words in French (the console's interface strings and the server's inbox titles and pushes read them). */
export default {
  kinds: {
    signup: '{{name}} demande un compte du personnel ({{role}})',
    verificationSubmitted: '{{doctor}} a envoyé la demande de vérification {{number}}',
    ticketRaised: 'Nouveau ticket à {{centre}} : {{subject}}',
    ticketAssigned: 'Ticket qui vous est attribué : {{subject}}',
    ticketComment: '{{author}} a commenté {{subject}}',
    paymentRejected: 'Le paiement {{number}} a été refusé',
    worklist: '{{title}} ({{count}})',
    campaign: 'Annonce : {{name}}',
    follow_up: 'À suivre : {{name}}',
    doctorDay: 'Rendez-vous de demain, {{day}} : {{count}}',
    factorsReset: '{{by}} a réinitialisé vos seconds facteurs : configurez-en un de nouveau dans vos paramètres',
    rule: '{{name}} : {{text}}',
  },
  roles: { superadmin: 'Super admin', admin: 'Admin', doctor: 'Médecin', fmc: 'Personnel FMC', railway: 'Personnel ferroviaire' },
  worklists: {
    doctorInCompleteProfile: 'Médecins : profil incomplet',
    doctorClinicInCompleteProfile: 'Médecins : cabinets incomplets',
    patientInCompleteProfile: 'Patients : profil incomplet',
    doctorNotAddedPrescription: 'Médecins : ordonnances manquantes',
    patientNotAddedFamilyMember: 'Patients : aucun membre de famille',
    patientNotAddedInsuranceDetails: 'Patients : sans assurance',
  },
} satisfies InboxWords;
