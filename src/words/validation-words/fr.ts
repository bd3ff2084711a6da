import type { ValidationWords } from './types';

const words: ValidationWords = {
  required: 'Le champ « {{field}} » est obligatoire',
  tooLong: 'Le champ « {{field}} » est trop long ({{max}} caractères au plus)',
  tooShort: 'Le champ « {{field}} » est trop court ({{min}} caractères au moins)',
  notNumber: 'Le champ « {{field}} » n’est pas un nombre',
  notWhole: 'Le champ « {{field}} » doit être un nombre entier',
  notText: 'Le champ « {{field}} » doit être du texte',
  notYesNo: 'Le champ « {{field}} » doit valoir oui ou non',
  notList: 'Le champ « {{field}} » doit être une liste',
  notGroup: 'Le champ « {{field}} » doit être un ensemble de valeurs',
  range: 'Le champ « {{field}} » doit être compris entre {{min}} et {{max}}',
  atLeast: 'Le champ « {{field}} » doit valoir au moins {{min}}',
  atMost: 'Le champ « {{field}} » doit valoir au plus {{max}}',
  decimals: 'Le champ « {{field}} » admet au plus {{places}} décimales',
  multipleOf: 'Le champ « {{field}} » doit être un multiple de {{divisor}}',
  notEmail: 'Le champ « {{field}} » n’est pas une adresse e-mail',
  notUrl: 'Le champ « {{field}} » n’est pas une adresse web (https://…)',
  notDate: 'Le champ « {{field}} » n’est pas une date',
  notTime: 'Le champ « {{field}} » n’est pas une heure',
  notDateTime: 'Le champ « {{field}} » n’est pas une date avec une heure',
  badFormat: 'Le champ « {{field}} » n’a pas la forme attendue',
  tooEarly: 'Le champ « {{field}} » est trop tôt',
  tooLate: 'Le champ « {{field}} » est trop tard',
  choose: 'Choisissez une des options du champ « {{field}} »',
  tooMany: 'Le champ « {{field}} » a trop d’éléments ({{max}} au plus)',
  tooFew: 'Le champ « {{field}} » demande au moins {{min}} éléments',
  unknownField: 'Le champ « {{field}} » ne peut pas être donné ici',
  invalid: 'Le champ « {{field}} » n’est pas valide',
  duplicate: 'Une autre fiche a déjà cette valeur de « {{field}} »',
};

export default words;
