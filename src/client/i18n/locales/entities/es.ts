import type { EntityLabelSet } from '../types';

export default {
  speciality: { one: 'Especialidad', other: 'Especialidades', fields: { name: 'Nombre', description: 'Descripción', icon: 'Icono', sortOrder: 'Orden', status: 'Estado' } },
  languages: { one: 'Idioma', other: 'Idiomas', fields: { name: 'Nombre', code: 'Código ISO', nativeName: 'Nombre nativo', status: 'Estado' } },
  roles: { one: 'Rol', other: 'Roles', fields: { key: 'Clave', name: 'Nombre', description: 'Descripción' } },
  state: { one: 'Estado', other: 'Estados', fields: { name: 'Nombre', code: 'Código', country: 'País' } },
  city: { one: 'Ciudad', other: 'Ciudades', fields: { name: 'Nombre', state: 'Estado', status: 'Estado' } },
  pincode: { one: 'Código postal', other: 'Códigos postales', fields: { code: 'Código postal', area: 'Zona', city: 'Ciudad', status: 'Estado' } },
  'admin-user': { one: 'Usuario administrador', other: 'Usuarios administradores', fields: { firstName: 'Nombre', lastName: 'Apellido', email: 'Correo electrónico', phone: 'Teléfono', role: 'Rol', avatar: 'Avatar', status: 'Estado', password: 'Contraseña' } },
} satisfies EntityLabelSet;
