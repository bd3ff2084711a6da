/** Messages of the API shown to users, keyed by their English text (merged into the validation namespace). */
const messages: Record<string, string> = {
  'Invalid username or password': 'Usuario o contraseña no válidos',
  'Too many sign-in attempts. Please wait 15 minutes and try again.': 'Demasiados intentos de inicio de sesión. Espere 15 minutos y vuelva a intentarlo.',
  'Your session has expired. Please sign in again.': 'Su sesión ha caducado. Inicie sesión de nuevo.',
  'Sign in to continue': 'Inicie sesión para continuar',
  'You do not have permission to do this': 'No tiene permiso para hacer esto',
  'This record does not exist': 'Este registro no existe',
  'This record was changed by someone else since you opened it. Reload it to see the changes.': 'Otra persona ha cambiado este registro desde que lo abrió. Vuelva a cargarlo para ver los cambios.',
  'The chosen record does not exist': 'El registro elegido no existe',
  'Other records refer to this one': 'Otros registros hacen referencia a este',
  'The file is empty': 'El archivo está vacío',
  'The file is larger than 2 MB': 'El archivo ocupa más de 2 MB',
  'Only PNG, JPEG, GIF, WebP images and PDF files can be uploaded': 'Solo se pueden subir imágenes PNG, JPEG, GIF, WebP y archivos PDF',
  'The request is too large': 'La solicitud es demasiado grande',
  'This reset link is invalid, has expired or was already used. Ask for a new one.': 'Este enlace de restablecimiento no es válido, ha caducado o ya se usó. Solicite uno nuevo.',
  'This slot is full': 'Este turno está completo',
  'This slot is closed': 'Este turno está cerrado',
  'This patient has already booked this slot': 'Este paciente ya reservó este turno',
  'This patient has no booking on this slot': 'Este paciente no tiene reserva en este turno',
  'Capacity cannot be less than the bookings already made': 'La capacidad no puede ser menor que las reservas ya hechas',
  'Only a superadmin may change or delete this account': 'Solo un superadministrador puede cambiar o eliminar esta cuenta',
  'You may not give this role': 'No puede asignar este rol',
  'Records cannot be looked up by id here': 'Aquí no se pueden buscar registros por número',
  'Type at least 3 characters to search': 'Escriba al menos 3 caracteres para buscar',
};

export default messages;
