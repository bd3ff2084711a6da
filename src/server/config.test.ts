import { describe, expect, test } from 'vitest';
import { DEMO_SELLER, readConfig, sellerFrom, smsGatewayFrom } from './config';
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

describe('the text-message gateway (SMS_GATEWAY_URL, SMS_GATEWAY_KEY)', () => {
  test('neither: none (text messages go to DATA_DIR/sms.txt); both: the gateway', () => {
    expect(readConfig({}).smsGateway).toBeUndefined();
    expect(smsGatewayFrom({ SMS_GATEWAY_URL: ' https://sms.example.in/v1/messages ', SMS_GATEWAY_KEY: ' s3cret ' })).toEqual({ url: 'https://sms.example.in/v1/messages', key: 's3cret' });
  });

  test('one without the other, or an address that is not http(s): the console does not start', () => {
    expect(() => smsGatewayFrom({ SMS_GATEWAY_URL: 'https://sms.example.in/' })).toThrow(/set both/);
    expect(() => smsGatewayFrom({ SMS_GATEWAY_KEY: 'k' })).toThrow(/set both/);
    expect(() => smsGatewayFrom({ SMS_GATEWAY_URL: 'sms.example.in', SMS_GATEWAY_KEY: 'k' })).toThrow(/not an address/);
    expect(() => readConfig({ SMS_GATEWAY_URL: 'ftp://sms.example.in/', SMS_GATEWAY_KEY: 'k' })).toThrow(/http\(s\)/);
  });
});
