/** Our own schema messages (fields.ts, entity fields and refinements), keyed by their English text: Italian. */
const messages: Record<string, string> = {
  'Enter a phone number of 7 to 15 digits': 'Inserisci un numero di telefono da 7 a 15 cifre',
  'Upload an image': 'Carica un’immagine',
  'Upload a file': 'Carica un file',
  'Use at least 10 characters': 'Usa almeno 10 caratteri',
  'Use a two-letter ISO 639-1 code': 'Usa un codice ISO 639-1 di due lettere',
  'Use the 2 or 3 capital letters of the state code': 'Usa le 2 o 3 lettere maiuscole del codice dello stato federato',
  'Enter the 6 digits of the pincode': 'Inserisci le 6 cifre del codice postale',
  'Use 2 to 16 capital letters, digits or dashes': 'Usa da 2 a 16 lettere maiuscole, cifre o trattini',
  'Use 2 to 20 capital letters, digits or dashes': 'Usa da 2 a 20 lettere maiuscole, cifre o trattini',
  'Use 3 to 20 capital letters, digits or dashes': 'Usa da 3 a 20 lettere maiuscole, cifre o trattini',
  'Enter MC followed by 10 digits': 'Inserisci MC seguito da 10 cifre',
  'Enter the 19 or 20 digits of the ICCID': 'Inserisci le 19 o 20 cifre dell’ICCID',
  'Enter the key as four groups of 4 capitals or digits, joined by dashes': 'Inserisci la chiave come quattro gruppi di 4 lettere maiuscole o cifre, uniti da trattini',
  'Use a version like 2.4.1': 'Usa una versione come 2.4.1',
  'Use Snellen notation, 6/6 to 6/60': 'Usa la notazione di Snellen, da 6/6 a 6/60',
  'Use the N scale, N5 to N36': 'Usa la scala N, da N5 a N36',
  'The end date cannot be before the start date': 'La data di fine non può precedere la data di inizio',
  'The slot must end after it starts': 'La fascia oraria deve terminare dopo l’inizio',
  'The upper bound must be more than the lower bound': 'Il limite superiore deve essere maggiore del limite inferiore',
  'The upper age cannot be below the lower age': 'L’età massima non può essere inferiore all’età minima',
  'The upper limit cannot be below the lower limit': 'Il limite superiore non può essere inferiore al limite inferiore',
  'The critical low must not be above the lower limit': 'Il valore critico basso non deve superare il limite inferiore',
  'The critical high must not be below the upper limit': 'Il valore critico alto non deve essere inferiore al limite superiore',
  'A scheduled campaign needs a send time': 'Una campagna programmata richiede un orario di invio',
};

export default messages;
