/** Our own schema messages (fields.ts, entity fields and refinements), keyed by their English text: Spanish. */
const messages: Record<string, string> = {
  'Enter a phone number of 7 to 15 digits': 'Introduzca un número de teléfono de 7 a 15 dígitos',
  'Upload an image': 'Suba una imagen',
  'Upload a file': 'Suba un archivo',
  'Use at least 10 characters': 'Use al menos 10 caracteres',
  'Use a two-letter ISO 639-1 code': 'Use un código ISO 639-1 de dos letras',
  'Use the 2 or 3 capital letters of the state code': 'Use las 2 o 3 letras mayúsculas del código del estado',
  'Enter the 6 digits of the pincode': 'Introduzca los 6 dígitos del código postal',
  'Use 2 to 16 capital letters, digits or dashes': 'Use de 2 a 16 letras mayúsculas, dígitos o guiones',
  'Use 2 to 20 capital letters, digits or dashes': 'Use de 2 a 20 letras mayúsculas, dígitos o guiones',
  'Use 3 to 20 capital letters, digits or dashes': 'Use de 3 a 20 letras mayúsculas, dígitos o guiones',
  'Enter MC followed by 10 digits': 'Introduzca MC seguido de 10 dígitos',
  'Enter the 19 or 20 digits of the ICCID': 'Introduzca los 19 o 20 dígitos del ICCID',
  'Enter the key as four groups of 4 capitals or digits, joined by dashes': 'Introduzca la clave como cuatro grupos de 4 mayúsculas o dígitos, unidos por guiones',
  'Use a version like 2.4.1': 'Use una versión como 2.4.1',
  'Use Snellen notation, 6/6 to 6/60': 'Use la notación de Snellen, de 6/6 a 6/60',
  'Use the N scale, N5 to N36': 'Use la escala N, de N5 a N36',
  'The end date cannot be before the start date': 'La fecha de fin no puede ser anterior a la fecha de inicio',
  'The slot must end after it starts': 'La franja horaria debe terminar después de empezar',
  'The upper bound must be more than the lower bound': 'El límite superior debe ser mayor que el límite inferior',
  'The upper age cannot be below the lower age': 'La edad máxima no puede ser inferior a la edad mínima',
  'The upper limit cannot be below the lower limit': 'El límite superior no puede estar por debajo del límite inferior',
  'The critical low must not be above the lower limit': 'El valor crítico bajo no puede estar por encima del límite inferior',
  'The critical high must not be below the upper limit': 'El valor crítico alto no puede estar por debajo del límite superior',
  'A scheduled campaign needs a send time': 'Una campaña programada necesita una hora de envío',
};

export default messages;
