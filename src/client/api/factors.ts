import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { http } from './client';
import type { SignedIn } from './auth';

/** A one-time codes enrolment under way: the key as text, its otpauth address, and its picture (drawn by the server). */
export interface TotpEnrolment { secret: string; otpauthUrl: string; qr: string }

export interface Passkey { id: string; name: string; createdAt: string; lastUsedAt: string | null }

/** A person's own second factors, as Preferences shows them (GET /api/me/mfa). */
export interface MyFactors {
  methods: ('totp' | 'webauthn')[];
  recoveryCodesLeft: number;
  passkeys: Passkey[];
  required: boolean;
  sessionFactor: string | null;
}

/** The browser's WebAuthn calls, loaded only when a passkey is used (the first load stays small). */
const webauthn = () => import('@simplewebauthn/browser');

/** Asks the browser for a passkey's signed answer to the options the server made. */
export async function passkeyAnswer(options: PublicKeyCredentialRequestOptionsJSON) {
  return (await webauthn()).startAuthentication({ optionsJSON: options });
}

/** Second factors (issue 34 §2–§3): the sign-in's second step, one-time codes' enrolment, passkeys. */
export const factors = {
  secondStep: (challenge: string, code: string) => http.post<{ data: SignedIn }>('/api/adminUser/login/mfa', { challenge, code }).then((r) => r.data),
  /** The second step with a passkey: the options for this sign-in, the browser's answer, the session. */
  secondStepWithPasskey: async (challenge: string) => {
    const options = await http.post<{ data: PublicKeyCredentialRequestOptionsJSON }>('/api/adminUser/login/mfa/webauthn', { challenge });
    const answer = await passkeyAnswer(options.data);
    return http.post<{ data: SignedIn }>('/api/adminUser/login/mfa', { challenge, webauthn: answer }).then((r) => r.data);
  },
  beginTotp: () => http.post<{ data: TotpEnrolment }>('/api/me/mfa/totp', {}).then((r) => r.data),
  confirmTotp: (code: string) => http.post<{ data: { recoveryCodes: string[] } }>('/api/me/mfa/totp/confirm', { code }).then((r) => r.data.recoveryCodes),
  mine: () => http.get<{ data: MyFactors }>('/api/me/mfa').then((r) => r.data),
  turnOffTotp: (code: string) => http.delete<unknown>('/api/me/mfa/totp', { code }),
  /** A new passkey: the server's options, the browser makes the key (the person touches it), the server keeps it. */
  addPasskey: async (name: string) => {
    const options = await http.post<{ data: PublicKeyCredentialCreationOptionsJSON }>('/api/me/mfa/webauthn/options', {});
    const response = await (await webauthn()).startRegistration({ optionsJSON: options.data });
    return http.post<{ data: Passkey }>('/api/me/mfa/webauthn', { name, response }).then((r) => r.data);
  },
  renamePasskey: (id: string, name: string) => http.patch<unknown>(`/api/me/mfa/webauthn/${encodeURIComponent(id)}`, { name }),
  /** Asks for a fresh proof first when the sign-in was long ago (the step-up dialog, api/client.ts withStepUp). */
  removePasskey: (id: string) => http.delete<unknown>(`/api/me/mfa/webauthn/${encodeURIComponent(id)}`),
};
