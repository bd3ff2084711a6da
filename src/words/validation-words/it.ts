import type { ValidationWords } from './types';

const words: ValidationWords = {
  required: 'Il campo «{{field}}» è obbligatorio',
  tooLong: 'Il campo «{{field}}» è troppo lungo (al massimo {{max}} caratteri)',
  tooShort: 'Il campo «{{field}}» è troppo corto (almeno {{min}} caratteri)',
  notNumber: 'Il campo «{{field}}» non è un numero',
  notWhole: 'Il campo «{{field}}» deve essere un numero intero',
  notText: 'Il campo «{{field}}» deve essere un testo',
  notYesNo: 'Il campo «{{field}}» deve essere sì o no',
  notList: 'Il campo «{{field}}» deve essere un elenco',
  notGroup: 'Il campo «{{field}}» deve essere un insieme di valori',
  range: 'Il campo «{{field}}» deve essere compreso tra {{min}} e {{max}}',
  atLeast: 'Il campo «{{field}}» deve essere almeno {{min}}',
  atMost: 'Il campo «{{field}}» deve essere al massimo {{max}}',
  decimals: 'Il campo «{{field}}» ammette al massimo {{places}} decimali',
  multipleOf: 'Il campo «{{field}}» deve essere un multiplo di {{divisor}}',
  notEmail: 'Il campo «{{field}}» non è un indirizzo email',
  notUrl: 'Il campo «{{field}}» non è un indirizzo web (https://…)',
  notDate: 'Il campo «{{field}}» non è una data',
  notTime: 'Il campo «{{field}}» non è un orario',
  notDateTime: 'Il campo «{{field}}» non è una data con orario',
  badFormat: 'Il campo «{{field}}» non ha la forma prevista',
  tooEarly: 'Il campo «{{field}}» è troppo presto',
  tooLate: 'Il campo «{{field}}» è troppo tardi',
  choose: 'Scegli una delle opzioni di «{{field}}»',
  tooMany: 'Il campo «{{field}}» ha troppi elementi (al massimo {{max}})',
  tooFew: 'Il campo «{{field}}» richiede almeno {{min}} elementi',
  unknownField: 'Il campo «{{field}}» non può essere indicato qui',
  invalid: 'Il campo «{{field}}» non è valido',
  duplicate: 'Un altro record ha già questo valore di «{{field}}»',
};

export default words;
