import type { EnumLabelSet } from '../types';

export default {
  active: 'Attivo', inactive: 'Inattivo', disabled: 'Disattivato', pending: 'In attesa',
  superadmin: 'Super amministratore', admin: 'Amministratore', doctor: 'Medico', fmc: 'Personale FMC', railway: 'Personale ferroviario',
  undergraduate: 'Laurea', postgraduate: 'Specializzazione post-laurea', diploma: 'Diploma', superspeciality: 'Superspecializzazione', fellowship: 'Perfezionamento', male: 'Maschio',
  female: 'Femmina', other: 'Altro', requested: 'Richiesta', verified: 'Verificato', 'A+': 'A+', 'A-': 'A−',
  'B+': 'B+', 'B-': 'B−', 'AB+': 'AB+', 'AB-': 'AB−', 'O+': '0+', 'O-': '0−',
  open: 'Aperta', closed: 'Chiusa', tablet: 'Compressa', capsule: 'Capsula', syrup: 'Sciroppo', injection: 'Iniettabile',
  ointment: 'Unguento', drops: 'Gocce', otc: 'Senza ricetta', schedule_h: 'Tabella H', schedule_h1: 'Tabella H1', schedule_x: 'Tabella X',
  haematology: 'Ematologia', biochemistry: 'Biochimica', immunology: 'Immunologia', microbiology: 'Microbiologia', clinical_pathology: 'Patologia clinica', hormones: 'Ormoni',
  blood: 'Sangue intero', serum: 'Siero', plasma: 'Plasma', urine: 'Urina', stool: 'Feci', swab: 'Tampone',
  sputum: 'Espettorato', healthy: 'Sane', gingivitis: 'Gengivite', periodontitis: 'Parodontite', good: 'Buona', fair: 'Discreta',
  poor: 'Scarsa', fit: 'Idoneo', unfit: 'Non idoneo', refer: 'Inviare allo specialista', normal: 'Normale', defective: 'Alterata',
  jio: 'Jio', airtel: 'Airtel', vi: 'Vi (Vodafone Idea)', bsnl: 'BSNL', maintenance: 'In manutenzione', retired: 'Dismesso',
  revoked: 'Revocata', expired: 'Scaduta', passed: 'Superata', failed: 'Non superata', any: 'Qualsiasi', basic: 'Base',
  silver: 'Argento', gold: 'Oro', cancelled: 'Annullata', all: 'Tutti', patient: 'Paziente', push: 'Notifica push',
  email: 'Posta elettronica', sms: 'SMS', draft: 'Bozza', scheduled: 'Programmata', sent: 'Inviata', general: 'Generale',
  appointments: 'Appuntamenti', payments: 'Pagamenti', account: 'Profilo', technical: 'Tecnico',
} satisfies EnumLabelSet;
