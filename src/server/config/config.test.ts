import { describe, expect, test } from 'vitest';
import { DEMO_SELLER, readConfig, sellerFrom, smsGatewayFrom } from './index';
import { isGstin } from '../../registry/gst';

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

describe('numbers and switches are read strictly (config-values.ts)', () => {
  test('unset or empty: the defaults', () => {
    const c = readConfig({ SESSION_IDLE_MINUTES: '', DEMO_DATA: ' ' });
    expect([c.sessionIdleMinutes, c.sessionMaxHours, c.sessionMaxPerUser, c.demoData, c.passwordSignIn, c.trustProxy, c.workers]).toEqual([30, 12, 5, true, true, 0, 1]);
  });

  test('a value with a unit, a word or a hex number stops the start, naming the setting', () => {
    expect(() => readConfig({ SESSION_IDLE_MINUTES: '30m' })).toThrow(/SESSION_IDLE_MINUTES="30m" is not a whole number from 1 to 10080 \(minutes\)/);
    expect(() => readConfig({ SESSION_IDLE_MINUTES: '7.5' })).toThrow(/SESSION_IDLE_MINUTES="7.5" is not a whole number/);
    expect(() => readConfig({ SESSION_MAX_PER_USER: 'five' })).toThrow(/SESSION_MAX_PER_USER="five" is not a whole number/);
    expect(() => readConfig({ PORT: '0x1f90' })).toThrow(/PORT="0x1f90"/);
    expect(() => readConfig({ WORKERS: '2.5' })).toThrow(/WORKERS="2.5" is not a whole number/);
    expect(() => readConfig({ DATABASE_POOL_SIZE: '1e3' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  test('out of range stops the start instead of being clamped', () => {
    expect(() => readConfig({ TRUST_PROXY: '11' })).toThrow(/TRUST_PROXY=11 is out of range: give a whole number from 0 to 10/);
    expect(() => readConfig({ SESSION_MAX_PER_USER: '0' })).toThrow(/SESSION_MAX_PER_USER=0 is out of range/);
    expect(() => readConfig({ SCRYPT_LOG_N: '20' })).toThrow(/SCRYPT_LOG_N=20 is out of range/);
    expect(() => readConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP=0/);
  });

  test('switches take 1/0 (and true/false, yes/no, on/off); anything else stops the start', () => {
    expect(readConfig({ DEMO_DATA: '0', PGLITE_FSYNC: 'off' })).toMatchObject({ demoData: false, pgliteFsync: false });
    expect(readConfig({ DEMO_DATA: 'TRUE' }).demoData).toBe(true);
    expect(() => readConfig({ DEMO_DATA: 'nope' })).toThrow(/DEMO_DATA="nope" is not a switch: give 1 \(on\) or 0 \(off\)/);
    expect(() => readConfig({ DATABASE_PREPARE: '2' })).toThrow(/DATABASE_PREPARE/);
  });

  test('fractions where the setting takes them, a value as written', () => {
    expect(readConfig({ EVENTS_HEARTBEAT_SECONDS: '0.5', SESSION_IDLE_MINUTES: '45' })).toMatchObject({ eventsHeartbeatSeconds: 0.5, sessionIdleMinutes: 45 });
  });

  test('PUBLIC_URL is an http(s) address, kept without its trailing slash', () => {
    expect(readConfig({ PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
    expect(readConfig({ PUBLIC_URL: 'https://console.example.in/' }).publicUrl).toBe('https://console.example.in');
    expect(() => readConfig({ PUBLIC_URL: 'console.example.in' })).toThrow(/PUBLIC_URL="console.example.in" is not an address/);
    expect(() => readConfig({ PUBLIC_URL: 'ftp://console.example.in' })).toThrow(/http\(s\)/);
  });
});

describe('hosted login settings (config/oidc.ts)', () => {
  const base = { PUBLIC_URL: 'https://console.example.in' };

  test('none: no hosted login, passwords on', () => {
    expect(readConfig(base)).toMatchObject({ oidc: undefined, passwordSignIn: true });
  });

  test('OIDC_*: the issuer, client, secret, button name and scopes; the spec\'s callback under PUBLIC_URL', () => {
    expect(readConfig({ ...base, OIDC_ISSUER: 'https://login.example.in/realms/staff', OIDC_CLIENT_ID: 'console', OIDC_CLIENT_SECRET: 's3cret', OIDC_NAME: 'Hospital ID', OIDC_SCOPES: 'openid email' }).oidc).toEqual({
      issuer: 'https://login.example.in/realms/staff', clientId: 'console', clientSecret: 's3cret', name: 'Hospital ID', scopes: 'openid email',
      redirectUri: 'https://console.example.in/auth0loginCallback', postLogoutRedirectUri: 'https://console.example.in/signin',
    });
  });

  test('a public client (no secret), the default scopes, the issuer\'s host as the name', () => {
    expect(readConfig({ ...base, OIDC_ISSUER: 'https://login.example.in/', OIDC_CLIENT_ID: 'console' }).oidc).toMatchObject({ clientSecret: undefined, scopes: 'openid email profile', name: 'login.example.in' });
  });

  test('AUTH0_DOMAIN + AUTH0_CLIENT_ID: the same, issuer https://DOMAIN/', () => {
    expect(readConfig({ ...base, AUTH0_DOMAIN: 'hospital.eu.auth0.com', AUTH0_CLIENT_ID: 'abc' }).oidc).toMatchObject({ issuer: 'https://hospital.eu.auth0.com/', clientId: 'abc', name: 'Auth0' });
  });

  test('half-made or unsafe settings stop the start with a message', () => {
    expect(() => readConfig({ ...base, OIDC_ISSUER: 'https://login.example.in/' })).toThrow(/without OIDC_CLIENT_ID/);
    expect(() => readConfig({ ...base, OIDC_CLIENT_ID: 'console' })).toThrow(/OIDC_CLIENT_ID is set without OIDC_ISSUER/);
    expect(() => readConfig({ ...base, OIDC_ISSUER: 'http://login.example.in/', OIDC_CLIENT_ID: 'c' })).toThrow(/must be an https address/);
    expect(() => readConfig({ ...base, OIDC_ISSUER: 'login.example.in', OIDC_CLIENT_ID: 'c' })).toThrow(/is not an address/);
    expect(() => readConfig({ ...base, OIDC_ISSUER: 'https://a.example/', OIDC_CLIENT_ID: 'c', OIDC_SCOPES: 'email profile' })).toThrow(/lacks openid/);
    expect(() => readConfig({ ...base, OIDC_ISSUER: 'https://a.example/', OIDC_CLIENT_ID: 'c', OIDC_SCOPES: 'openid profile' })).toThrow(/lacks email/);
    expect(() => readConfig({ ...base, AUTH0_DOMAIN: 'hospital.eu.auth0.com' })).toThrow(/set both/);
    expect(() => readConfig({ ...base, AUTH0_DOMAIN: 'https://hospital.eu.auth0.com/', AUTH0_CLIENT_ID: 'a' })).toThrow(/is not a domain/);
    expect(() => readConfig({ ...base, AUTH0_DOMAIN: 'a.auth0.com', AUTH0_CLIENT_ID: 'a', OIDC_ISSUER: 'https://b.example/' })).toThrow(/set one of them/);
  });

  test('plain http only for a provider on this machine (a test\'s)', () => {
    expect(readConfig({ OIDC_ISSUER: 'http://127.0.0.1:8710', OIDC_CLIENT_ID: 'c' }).oidc?.issuer).toBe('http://127.0.0.1:8710');
  });

  test('PASSWORD_SIGNIN=0 needs hosted login, else nobody could sign in', () => {
    expect(() => readConfig({ ...base, PASSWORD_SIGNIN: '0' })).toThrow(/PASSWORD_SIGNIN=0 leaves no way to sign in/);
    expect(readConfig({ ...base, PASSWORD_SIGNIN: '0', OIDC_ISSUER: 'https://a.example/', OIDC_CLIENT_ID: 'c' }).passwordSignIn).toBe(false);
  });
});
