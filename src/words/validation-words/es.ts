import type { ValidationWords } from './types';

const words: ValidationWords = {
  required: 'El campo «{{field}}» es obligatorio',
  tooLong: 'El campo «{{field}}» es demasiado largo (como máximo {{max}} caracteres)',
  tooShort: 'El campo «{{field}}» es demasiado corto (al menos {{min}} caracteres)',
  notNumber: 'El campo «{{field}}» no es un número',
  notWhole: 'El campo «{{field}}» debe ser un número entero',
  notText: 'El campo «{{field}}» debe ser un texto',
  notYesNo: 'El campo «{{field}}» debe ser sí o no',
  notList: 'El campo «{{field}}» debe ser una lista',
  notGroup: 'El campo «{{field}}» debe ser un conjunto de valores',
  range: 'El campo «{{field}}» debe estar entre {{min}} y {{max}}',
  atLeast: 'El campo «{{field}}» debe ser al menos {{min}}',
  atMost: 'El campo «{{field}}» debe ser como máximo {{max}}',
  decimals: 'El campo «{{field}}» admite como máximo {{places}} decimales',
  multipleOf: 'El campo «{{field}}» debe ser múltiplo de {{divisor}}',
  notEmail: 'El campo «{{field}}» no es una dirección de correo electrónico',
  notUrl: 'El campo «{{field}}» no es una dirección web (https://…)',
  notDate: 'El campo «{{field}}» no es una fecha',
  notTime: 'El campo «{{field}}» no es una hora',
  notDateTime: 'El campo «{{field}}» no es una fecha con hora',
  badFormat: 'El campo «{{field}}» no tiene la forma esperada',
  tooEarly: 'El campo «{{field}}» es demasiado temprano',
  tooLate: 'El campo «{{field}}» es demasiado tarde',
  choose: 'Elija una de las opciones de «{{field}}»',
  tooMany: 'El campo «{{field}}» tiene demasiados elementos (como máximo {{max}})',
  tooFew: 'El campo «{{field}}» necesita al menos {{min}} elementos',
  unknownField: 'El campo «{{field}}» no se puede indicar aquí',
  invalid: 'El campo «{{field}}» no es válido',
  duplicate: 'Otro registro ya tiene este valor de «{{field}}»',
};

export default words;
