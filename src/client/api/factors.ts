import { http } from './client';
import type { SignedIn } from './auth';

/** A one-time codes enrolment under way: the key as text, its otpauth address, and its picture (drawn by the server). */
export interface TotpEnrolment { secret: string; otpauthUrl: string; qr: string }

/** Second factors (issue 34 §2): the sign-in's second step and one-time codes' enrolment. */
export const factors = {
  secondStep: (challenge: string, code: string) => http.post<{ data: SignedIn }>('/api/adminUser/login/mfa', { challenge, code }).then((r) => r.data),
  beginTotp: () => http.post<{ data: TotpEnrolment }>('/api/me/mfa/totp', {}).then((r) => r.data),
  confirmTotp: (code: string) => http.post<{ data: { recoveryCodes: string[] } }>('/api/me/mfa/totp/confirm', { code }).then((r) => r.data.recoveryCodes),
};
