/** Messages of the API shown to users, keyed by their English text (merged into the validation namespace). */
const messages: Record<string, string> = {
  'Invalid username or password': 'Nom d’utilisateur ou mot de passe invalide',
  'Too many sign-in attempts. Please wait 15 minutes and try again.': 'Trop de tentatives de connexion. Veuillez patienter 15 minutes puis réessayer.',
  'Your session has expired. Please sign in again.': 'Votre session a expiré. Veuillez vous reconnecter.',
  'Sign in to continue': 'Connectez-vous pour continuer',
  'You do not have permission to do this': 'Vous n’avez pas l’autorisation de faire cela',
  'This record does not exist': 'Cette fiche n’existe pas',
  'This record was changed by someone else since you opened it. Reload it to see the changes.': 'Quelqu’un d’autre a modifié cette fiche depuis que vous l’avez ouverte. Rechargez-la pour voir les changements.',
  'The chosen record does not exist': 'La fiche choisie n’existe pas',
  'Other records refer to this one': 'D’autres fiches font référence à celle-ci',
  'The file is empty': 'Le fichier est vide',
  'The file is larger than 2 MB': 'Le fichier dépasse 2 Mo',
  'Only PNG, JPEG, GIF, WebP images and PDF files can be uploaded': 'Seules les images PNG, JPEG, GIF, WebP et les fichiers PDF peuvent être téléversés',
  'The request is too large': 'La requête est trop volumineuse',
  'This reset link is invalid, has expired or was already used. Ask for a new one.': 'Ce lien de réinitialisation est invalide, a expiré ou a déjà servi. Demandez-en un nouveau.',
  'This slot is full': 'Ce créneau est complet',
  'This slot is closed': 'Ce créneau est fermé',
  'This patient has already booked this slot': 'Ce patient a déjà réservé ce créneau',
  'This patient has no booking on this slot': 'Ce patient n’a pas de réservation sur ce créneau',
  'Capacity cannot be less than the bookings already made': 'La capacité ne peut pas être inférieure aux réservations déjà faites',
  'Only a superadmin may change or delete this account': 'Seul un superadministrateur peut modifier ou supprimer ce compte',
  'You may not give this role': 'Vous ne pouvez pas attribuer ce rôle',
  'Records cannot be looked up by id here': 'Les fiches ne peuvent pas être recherchées par numéro ici',
  'Type at least 3 characters to search': 'Tapez au moins 3 caractères pour chercher',
};

export default messages;
