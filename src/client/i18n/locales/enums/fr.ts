import type { EnumLabelSet } from '../types';

export default {
  active: 'Actif', inactive: 'Inactif', disabled: 'Désactivé', pending: 'En attente',
  superadmin: 'Super admin', admin: 'Admin', doctor: 'Médecin', fmc: 'Personnel FMC', railway: 'Personnel ferroviaire',
  undergraduate: 'Premier cycle', postgraduate: 'Troisième cycle', diploma: 'Diplôme universitaire', superspeciality: 'Surspécialité', fellowship: 'Formation avancée', male: 'Masculin',
  female: 'Féminin', other: 'Autre', requested: 'Demandée', verified: 'Vérifié', 'A+': 'A+', 'A-': 'A−',
  'B+': 'B+', 'B-': 'B−', 'AB+': 'AB+', 'AB-': 'AB−', 'O+': 'O+', 'O-': 'O−',
  open: 'Ouvert', closed: 'Fermé', tablet: 'Comprimé', capsule: 'Gélule', syrup: 'Sirop', injection: 'Injectable',
  ointment: 'Pommade', drops: 'Gouttes', otc: 'Sans ordonnance', schedule_h: 'Liste H', schedule_h1: 'Liste H1', schedule_x: 'Liste X',
  haematology: 'Hématologie', biochemistry: 'Biochimie', immunology: 'Immunologie', microbiology: 'Microbiologie', clinical_pathology: 'Pathologie clinique', hormones: 'Hormonologie',
  blood: 'Sang total', serum: 'Sérum', plasma: 'Plasma', urine: 'Urine', stool: 'Selles', swab: 'Écouvillon',
  sputum: 'Expectoration', healthy: 'Saines', gingivitis: 'Gingivite', periodontitis: 'Parodontite', good: 'Bonne', fair: 'Moyenne',
  poor: 'Mauvaise', fit: 'Apte', unfit: 'Inapte', refer: 'Orienter vers un spécialiste', normal: 'Normale', defective: 'Déficiente',
  jio: 'Jio', airtel: 'Airtel', vi: 'Vi (Vodafone Idea)', bsnl: 'BSNL', maintenance: 'En maintenance', retired: 'Retiré',
  revoked: 'Révoquée', expired: 'Expirée', passed: 'Conforme', failed: 'Non conforme', any: 'Tous', basic: 'Essentiel',
  silver: 'Argent', gold: 'Or', cancelled: 'Annulée', all: 'Tout le monde', patient: 'Patient', push: 'Notification push',
  email: 'E-mail', sms: 'SMS', draft: 'Brouillon', scheduled: 'Programmée', sent: 'Envoyée', general: 'Général',
  appointments: 'Rendez-vous', payments: 'Paiements', account: 'Compte', technical: 'Technique',
} satisfies EnumLabelSet;
