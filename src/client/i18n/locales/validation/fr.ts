/** Our own schema messages (fields.ts, entity fields and refinements), keyed by their English text: French. */
const messages: Record<string, string> = {
  'Enter a phone number of 7 to 15 digits': 'Saisissez un numéro de téléphone de 7 à 15 chiffres',
  'Upload an image': 'Téléversez une image',
  'Upload a file': 'Téléversez un fichier',
  'Use at least 10 characters': 'Utilisez au moins 10 caractères',
  'Use a two-letter ISO 639-1 code': 'Utilisez un code ISO 639-1 à deux lettres',
  'Use the 2 or 3 capital letters of the state code': 'Utilisez les 2 ou 3 lettres majuscules du code de l’État',
  'Enter the 6 digits of the pincode': 'Saisissez les 6 chiffres du code postal',
  'Use 2 to 16 capital letters, digits or dashes': 'Utilisez de 2 à 16 lettres majuscules, chiffres ou tirets',
  'Use 2 to 20 capital letters, digits or dashes': 'Utilisez de 2 à 20 lettres majuscules, chiffres ou tirets',
  'Use 3 to 20 capital letters, digits or dashes': 'Utilisez de 3 à 20 lettres majuscules, chiffres ou tirets',
  'Enter MC followed by 10 digits': 'Saisissez MC suivi de 10 chiffres',
  'Enter the 19 or 20 digits of the ICCID': 'Saisissez les 19 ou 20 chiffres de l’ICCID',
  'Enter the key as four groups of 4 capitals or digits, joined by dashes': 'Saisissez la clé en quatre groupes de 4 majuscules ou chiffres, reliés par des tirets',
  'Use a version like 2.4.1': 'Utilisez un numéro de version comme 2.4.1',
  'Use Snellen notation, 6/6 to 6/60': 'Utilisez la notation de Snellen, de 6/6 à 6/60',
  'Use the N scale, N5 to N36': 'Utilisez l’échelle N, de N5 à N36',
  'The end date cannot be before the start date': 'La date de fin ne peut pas précéder la date de début',
  'The slot must end after it starts': 'Le créneau doit se terminer après son début',
  'The upper bound must be more than the lower bound': 'La borne supérieure doit être plus grande que la borne inférieure',
  'The upper age cannot be below the lower age': 'L’âge maximal ne peut pas être inférieur à l’âge minimal',
  'The upper limit cannot be below the lower limit': 'La limite supérieure ne peut pas être inférieure à la limite inférieure',
  'The critical low must not be above the lower limit': 'La valeur critique basse ne doit pas dépasser la limite inférieure',
  'The critical high must not be below the upper limit': 'La valeur critique haute ne doit pas être inférieure à la limite supérieure',
  'A scheduled campaign needs a send time': 'Une campagne planifiée nécessite une heure d’envoi',
};

export default messages;
