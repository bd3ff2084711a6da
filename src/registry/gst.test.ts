import { describe, expect, test } from 'vitest';
import { gstinCheckCharacter, invoiceFigures, isGstin, lineFigures } from './gst';

describe('GSTIN', () => {
  test('a GSTIN as the GST portal gives it passes; its check character is the one computed', () => {
    expect(isGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
  });

  test.each([
    ['27AAPFU0939F1ZX', 'a wrong check character'],
    ['27AAPFU0939F1YV', 'no Z in the 14th place'],
    ['27aapfu0939f1zv', 'small letters'],
    ['99AAPFU0939F1ZV', 'a state code no state has'],
    ['27AAPFU0939F1Z', 'too short'],
    ['27AAPF10939F1ZV', 'a digit in the PAN’s letters'],
  ])('%s is refused (%s)', (gstin) => {
    expect(isGstin(gstin)).toBe(false);
  });
});

describe('line and invoice figures', () => {
  const line = { description: 'Dietitian consultation', sac: '9993', qty: 1, unitPrice: 500, taxRate: 18 };

  test('within the seller’s state: CGST and SGST at half the rate each', () => {
    expect(lineFigures(line, false)).toEqual({ taxable: 500, cgst: 45, sgst: 45, igst: 0, tax: 90, amount: 590 });
  });

  test('across states: IGST at the whole rate', () => {
    expect(lineFigures(line, true)).toEqual({ taxable: 500, cgst: 0, sgst: 0, igst: 90, tax: 90, amount: 590 });
  });

  test('each half is rounded to the paisa on its own, so the two are always equal', () => {
    // 333 × 2.5% = 8.325 → 8.33 each: 16.66 within the state, 16.65 (333 × 5%) across.
    const odd = { ...line, unitPrice: 333, taxRate: 5 };
    expect(lineFigures(odd, false)).toMatchObject({ cgst: 8.33, sgst: 8.33, tax: 16.66, amount: 349.66 });
    expect(lineFigures(odd, true)).toMatchObject({ igst: 16.65, tax: 16.65, amount: 349.65 });
  });

  test('an exempt line carries no tax; quantities multiply; the sums are of the lines as printed', () => {
    const lines = [{ description: 'Consultation', sac: '9993', qty: 1, unitPrice: 700, taxRate: 0 }, { ...line, qty: 3, unitPrice: 99.99 }];
    const f = invoiceFigures(lines, false);
    expect(f.lines[1]).toEqual({ taxable: 299.97, cgst: 27, sgst: 27, igst: 0, tax: 54, amount: 353.97 });
    expect(f).toMatchObject({ subtotal: 999.97, cgst: 27, sgst: 27, igst: 0, tax: 54, total: 1053.97 });
    expect(invoiceFigures([], true)).toMatchObject({ subtotal: 0, tax: 0, total: 0 });
  });
});
