/** Messages of the API shown to users, keyed by their English text (merged into the validation namespace). */
const messages: Record<string, string> = {
  'Invalid username or password': 'Nome utente o password non validi',
  'Too many sign-in attempts. Please wait 15 minutes and try again.': 'Troppi tentativi di accesso. Attendi 15 minuti e riprova.',
  'Your session has expired. Please sign in again.': 'La sessione è scaduta. Accedi di nuovo.',
  'Sign in to continue': 'Accedi per continuare',
  'You do not have permission to do this': 'Non hai il permesso di farlo',
  'This record does not exist': 'Questo record non esiste',
  'This record was changed by someone else since you opened it. Reload it to see the changes.': 'Qualcun altro ha modificato questo record da quando l’hai aperto. Ricaricalo per vedere le modifiche.',
  'The chosen record does not exist': 'Il record scelto non esiste',
  'Other records refer to this one': 'Altri record fanno riferimento a questo',
  'The file is empty': 'Il file è vuoto',
  'The file is larger than 2 MB': 'Il file supera i 2 MB',
  'Only PNG, JPEG, GIF, WebP images and PDF files can be uploaded': 'Si possono caricare solo immagini PNG, JPEG, GIF, WebP e file PDF',
  'The request is too large': 'La richiesta è troppo grande',
  'This reset link is invalid, has expired or was already used. Ask for a new one.': 'Questo link di reimpostazione non è valido, è scaduto o è già stato usato. Richiedine uno nuovo.',
  'This slot is full': 'Questa fascia è piena',
  'This slot is closed': 'Questa fascia è chiusa',
  'This patient has already booked this slot': 'Questo paziente ha già prenotato questa fascia',
  'This patient has no booking on this slot': 'Questo paziente non ha prenotazioni in questa fascia',
  'Capacity cannot be less than the bookings already made': 'La capienza non può essere inferiore alle prenotazioni già fatte',
  'Only a superadmin may change or delete this account': 'Solo un superamministratore può modificare o eliminare questo account',
  'You may not give this role': 'Non puoi assegnare questo ruolo',
  'Records cannot be looked up by id here': 'Qui non si possono cercare schede per numero',
  'Type at least 3 characters to search': 'Digita almeno 3 caratteri per cercare',
};

export default messages;
