import type { EntityLabelSet } from '../types';

export default {
  speciality: { one: 'Specialità', other: 'Specialità', fields: { name: 'Nome', description: 'Descrizione', icon: 'Icona', sortOrder: 'Ordine', status: 'Stato' } },
  languages: { one: 'Lingua', other: 'Lingue', fields: { name: 'Nome', code: 'Codice ISO', nativeName: 'Nome nativo', status: 'Stato' } },
  roles: { one: 'Ruolo', other: 'Ruoli', fields: { key: 'Chiave', name: 'Nome', description: 'Descrizione' } },
  state: { one: 'Stato federato', other: 'Stati federati', fields: { name: 'Nome', code: 'Codice', country: 'Paese' } },
  city: { one: 'Città', other: 'Città', fields: { name: 'Nome', state: 'Stato federato', status: 'Stato' } },
  pincode: { one: 'Codice postale', other: 'Codici postali', fields: { code: 'Codice postale', area: 'Zona', city: 'Città', status: 'Stato' } },
  'admin-user': { one: 'Utente amministratore', other: 'Utenti amministratori', fields: { firstName: 'Nome', lastName: 'Cognome', email: 'Email', phone: 'Telefono', role: 'Ruolo', avatar: 'Avatar', status: 'Stato', password: 'Password' } },
} satisfies EntityLabelSet;
