import { describe, expect, test } from 'vitest';
import { amountInWords } from './amount-in-words';

describe('amountInWords: the Indian numbering, rupees and paise', () => {
  test.each([
    [0, 'Rupees Zero Only'],
    [1, 'Rupees One Only'],
    [19, 'Rupees Nineteen Only'],
    [20, 'Rupees Twenty Only'],
    [101, 'Rupees One Hundred One Only'],
    [1000, 'Rupees One Thousand Only'],
    [100000, 'Rupees One Lakh Only'],
    [1234567.5, 'Rupees Twelve Lakh Thirty Four Thousand Five Hundred Sixty Seven and Fifty Paise Only'],
    [99999.99, 'Rupees Ninety Nine Thousand Nine Hundred Ninety Nine and Ninety Nine Paise Only'],
    [0.05, 'Rupees Zero and Five Paise Only'],
    [10000000, 'Rupees One Crore Only'],
    [10000001, 'Rupees One Crore One Only'],
    [1050000, 'Rupees Ten Lakh Fifty Thousand Only'],
    // Crores are counted in words themselves: no "arab" or "kharab" on an invoice.
    [1234567890123, 'Rupees One Lakh Twenty Three Thousand Four Hundred Fifty Six Crore Seventy Eight Lakh Ninety Thousand One Hundred Twenty Three Only'],
  ])('%s → %s', (n, words) => {
    expect(amountInWords(n)).toBe(words);
  });

  test('a sum in floating point is read to the paisa (0.1 + 0.2, 1.1 + 2.2)', () => {
    expect(amountInWords(0.1 + 0.2)).toBe('Rupees Zero and Thirty Paise Only');
    expect(amountInWords(1.1 + 2.2)).toBe('Rupees Three and Thirty Paise Only');
  });

  test('no amount: a negative one or not a number', () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(Number.NaN)).toThrow(RangeError);
  });
});
