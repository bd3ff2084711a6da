import { describe, expect, test } from 'vitest';
import { DEMO_SELLER, readConfig, sellerFrom } from './config';
import { isGstin } from '../registry/gst';

describe('the seller on every invoice (SELLER_NAME, SELLER_ADDRESS, SELLER_GSTIN)', () => {
  test('none set: the demo seller, marked as such, whose GSTIN is well formed', () => {
    expect(readConfig({}).seller).toEqual({ ...DEMO_SELLER, demo: true });
    expect(isGstin(DEMO_SELLER.gstin)).toBe(true);
    expect(DEMO_SELLER.name).toMatch(/^Demo /);
  });

  test('all three set: that seller, the GSTIN in capitals', () => {
    const seller = sellerFrom({ SELLER_NAME: ' Sahyadri Clinics LLP ', SELLER_ADDRESS: '1 FC Road, Pune, Maharashtra 411004', SELLER_GSTIN: '27aapfu0939f1zv' });
    expect(seller).toEqual({ name: 'Sahyadri Clinics LLP', address: '1 FC Road, Pune, Maharashtra 411004', gstin: '27AAPFU0939F1ZV', demo: false });
  });

  test('one or two set, or a GSTIN whose check character is wrong: the console does not start', () => {
    expect(() => sellerFrom({ SELLER_GSTIN: '27AAPFU0939F1ZV' })).toThrow(/set all three/);
    expect(() => sellerFrom({ SELLER_NAME: 'A', SELLER_ADDRESS: 'B', SELLER_GSTIN: '27AAPFU0939F1ZX' })).toThrow(/SELLER_GSTIN "27AAPFU0939F1ZX" is not a GSTIN/);
    expect(() => readConfig({ SELLER_NAME: 'A', SELLER_ADDRESS: 'B', SELLER_GSTIN: 'not one' })).toThrow(/is not a GSTIN/);
  });
});
