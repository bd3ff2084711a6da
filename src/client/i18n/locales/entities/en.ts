import type { EntityLabelSet } from '../types';

export default {
  speciality: { one: 'Speciality', other: 'Specialities', fields: { name: 'Name', description: 'Description', icon: 'Icon', sortOrder: 'Sort order', status: 'Status' } },
  languages: { one: 'Language', other: 'Languages', fields: { name: 'Name', code: 'ISO code', nativeName: 'Native name', status: 'Status' } },
  roles: { one: 'Role', other: 'Roles', fields: { key: 'Key', name: 'Name', description: 'Description' } },
  state: { one: 'State', other: 'States', fields: { name: 'Name', code: 'Code', country: 'Country' } },
  city: { one: 'City', other: 'Cities', fields: { name: 'Name', state: 'State', status: 'Status' } },
  pincode: { one: 'Pincode', other: 'Pincodes', fields: { code: 'Pincode', area: 'Area', city: 'City', status: 'Status' } },
  'admin-user': { one: 'Admin user', other: 'Admin users', fields: { firstName: 'First name', lastName: 'Last name', email: 'Email', phone: 'Phone', role: 'Role', avatar: 'Avatar', status: 'Status', password: 'Password' } },
} satisfies EntityLabelSet;
