import { describe, expect, test } from 'vitest';
import { readConfig } from '../../config';
import { providerDidMfa } from './factors';

describe('second factors: settings and the provider’s word', () => {
  test('MFA_REQUIRED_ROLES: superadmin and admin without the demo data, none with it; a list; none; an unknown role stops the start', () => {
    expect(readConfig({ DEMO_DATA: '0' }).mfaRequiredRoles).toEqual(['superadmin', 'admin']);
    expect(readConfig({ DEMO_DATA: '1' }).mfaRequiredRoles).toEqual([]);
    expect(readConfig({ DEMO_DATA: '1', MFA_REQUIRED_ROLES: 'doctor, fmc' }).mfaRequiredRoles).toEqual(['doctor', 'fmc']);
    expect(readConfig({ DEMO_DATA: '0', MFA_REQUIRED_ROLES: 'none' }).mfaRequiredRoles).toEqual([]);
    expect(() => readConfig({ MFA_REQUIRED_ROLES: 'admin,nurse' })).toThrow(/MFA_REQUIRED_ROLES names no such role: nurse/);
  });

  test('a hosted sign-in counts as the second factor when amr has mfa, or acr is OIDC_MFA_ACR', () => {
    const plain = readConfig({});
    const withAcr = readConfig({ OIDC_MFA_ACR: 'http://schemas.openid.net/pape/policies/2007/06/multi-factor' });
    expect(providerDidMfa(plain, ['pwd', 'mfa'], null)).toBe(true);
    expect(providerDidMfa(plain, ['pwd'], null)).toBe(false);
    expect(providerDidMfa(plain, undefined, 'http://schemas.openid.net/pape/policies/2007/06/multi-factor')).toBe(false);
    expect(providerDidMfa(withAcr, ['pwd'], 'http://schemas.openid.net/pape/policies/2007/06/multi-factor')).toBe(true);
    expect(providerDidMfa(withAcr, ['pwd'], 'urn:other')).toBe(false);
  });
});
