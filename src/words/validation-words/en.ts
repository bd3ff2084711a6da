import type { ValidationWords } from './types';

const words: ValidationWords = {
  required: '{{field}} is required',
  tooLong: '{{field}} is too long (at most {{max}} characters)',
  tooShort: '{{field}} is too short (at least {{min}} characters)',
  notNumber: '{{field}} is not a number',
  notWhole: '{{field}} must be a whole number',
  notText: '{{field}} must be text',
  notYesNo: '{{field}} must be yes or no',
  notList: '{{field}} must be a list',
  notGroup: '{{field}} must be a group of values',
  range: '{{field}} must be from {{min}} to {{max}}',
  atLeast: '{{field}} must be at least {{min}}',
  atMost: '{{field}} must be at most {{max}}',
  decimals: '{{field}} can have at most {{places}} decimal places',
  multipleOf: '{{field}} must be a multiple of {{divisor}}',
  notEmail: '{{field}} is not an email address',
  notUrl: '{{field}} is not a web address (https://…)',
  notDate: '{{field}} is not a date',
  notTime: '{{field}} is not a time',
  notDateTime: '{{field}} is not a date and time',
  badFormat: '{{field}} is not in the expected form',
  tooEarly: '{{field}} is too early',
  tooLate: '{{field}} is too late',
  choose: 'Choose one of the options for {{field}}',
  tooMany: '{{field}} has too many items (at most {{max}})',
  tooFew: '{{field}} needs at least {{min}} items',
  unknownField: '{{field}} cannot be given here',
  invalid: '{{field}} is not valid',
  duplicate: 'Another record already has this {{field}}',
};

export default words;
