import type { EntityLabelSet } from '../types';

export default {
  speciality: { one: 'Spécialité', other: 'Spécialités', fields: { name: 'Nom', description: 'Description', icon: 'Icône', sortOrder: 'Ordre', status: 'Statut' } },
  languages: { one: 'Langue', other: 'Langues', fields: { name: 'Nom', code: 'Code ISO', nativeName: 'Nom natif', status: 'Statut' } },
  roles: { one: 'Rôle', other: 'Rôles', fields: { key: 'Clé', name: 'Nom', description: 'Description' } },
  state: { one: 'État', other: 'États', fields: { name: 'Nom', code: 'Code', country: 'Pays' } },
  city: { one: 'Ville', other: 'Villes', fields: { name: 'Nom', state: 'État', status: 'Statut' } },
  pincode: { one: 'Code postal', other: 'Codes postaux', fields: { code: 'Code postal', area: 'Quartier', city: 'Ville', status: 'Statut' } },
  'admin-user': { one: 'Utilisateur admin', other: 'Utilisateurs admin', fields: { firstName: 'Prénom', lastName: 'Nom', email: 'E-mail', phone: 'Téléphone', role: 'Rôle', avatar: 'Avatar', status: 'Statut', password: 'Mot de passe' } },
} satisfies EntityLabelSet;
