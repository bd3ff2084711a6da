import type { EnumLabelSet } from '../types';

export default {
  active: 'Activo', inactive: 'Inactivo', disabled: 'Deshabilitado', pending: 'Pendiente',
  superadmin: 'Superadministrador', admin: 'Administrador', doctor: 'Médico', fmc: 'Personal de FMC', railway: 'Personal ferroviario',
  undergraduate: 'Grado', postgraduate: 'Posgrado', diploma: 'Diplomatura', superspeciality: 'Superespecialidad', fellowship: 'Formación avanzada', male: 'Masculino',
  female: 'Femenino', other: 'Otro', requested: 'Solicitada', verified: 'Verificado', 'A+': 'A+', 'A-': 'A−',
  'B+': 'B+', 'B-': 'B−', 'AB+': 'AB+', 'AB-': 'AB−', 'O+': 'O+', 'O-': 'O−',
  open: 'Abierta', closed: 'Cerrada', tablet: 'Comprimido', capsule: 'Cápsula', syrup: 'Jarabe', injection: 'Inyectable',
  ointment: 'Pomada', drops: 'Gotas', otc: 'Sin receta', schedule_h: 'Lista H', schedule_h1: 'Lista H1', schedule_x: 'Lista X',
  haematology: 'Hematología', biochemistry: 'Bioquímica', immunology: 'Inmunología', microbiology: 'Microbiología', clinical_pathology: 'Patología clínica', hormones: 'Hormonas',
  blood: 'Sangre total', serum: 'Suero', plasma: 'Plasma', urine: 'Orina', stool: 'Heces', swab: 'Hisopo',
  sputum: 'Esputo', healthy: 'Sanas', gingivitis: 'Gingivitis', periodontitis: 'Periodontitis', good: 'Buena', fair: 'Regular',
  poor: 'Deficiente', fit: 'Apto', unfit: 'No apto', refer: 'Derivar al especialista', normal: 'Normal', defective: 'Alterada',
  jio: 'Jio', airtel: 'Airtel', vi: 'Vi (Vodafone Idea)', bsnl: 'BSNL', maintenance: 'En mantenimiento', retired: 'Retirado',
  revoked: 'Revocada', expired: 'Caducada', passed: 'Superada', failed: 'No superada', any: 'Cualquiera', basic: 'Básico',
  silver: 'Plata', gold: 'Oro', cancelled: 'Cancelada', all: 'Todos', patient: 'Paciente', push: 'Notificación push',
  email: 'Correo electrónico', sms: 'SMS', draft: 'Borrador', scheduled: 'Programada', sent: 'Enviada', general: 'General',
  appointments: 'Citas', payments: 'Pagos', account: 'Cuenta', technical: 'Técnico',
} satisfies EnumLabelSet;
