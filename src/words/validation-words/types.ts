/**
 * One language's validation sentences, each naming its field (`{{field}}`, its label in that language): what a form,
 * a toast and the API say of a value refused, for every issue zod can raise (words/validation-message.ts maps them).
 */
export interface ValidationWords {
  required: string;
  tooLong: string;
  tooShort: string;
  notNumber: string;
  notWhole: string;
  notText: string;
  notYesNo: string;
  notList: string;
  notGroup: string;
  range: string;
  atLeast: string;
  atMost: string;
  decimals: string;
  multipleOf: string;
  notEmail: string;
  notUrl: string;
  notDate: string;
  notTime: string;
  notDateTime: string;
  badFormat: string;
  tooEarly: string;
  tooLate: string;
  choose: string;
  tooMany: string;
  tooFew: string;
  unknownField: string;
  invalid: string;
  duplicate: string;
}
