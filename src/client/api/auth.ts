import type { Profile } from '../state/session';
import { http } from './client';

export interface SignUpValues { firstName?: string; lastName?: string; email?: string; phone: string | null; password?: string; role?: string }

/**
 * Signing in and out, and the pages open to anyone (sign-up, forgot and reset password). Plain calls, not queries:
 * they run on the sign-in page, which loads before the data layer (the first load stays small), and the session
 * store (state/session.ts) keeps what they answer, written by api/session.ts.
 */
/** A sign-in's answer, by password or hosted login. */
export interface SignedIn { token: string; expiresIn: number; user: Profile }
/** A person with a second factor: no session yet, but the challenge the second step answers (screens/second-factor.tsx). */
export interface SecondStepAsked { mfa: { challenge: string; methods: string[] } }
export const asksSecondStep = (a: SignedIn | SecondStepAsked): a is SecondStepAsked => 'mfa' in a;

export const auth = {
  signIn: (email: string, password: string) =>
    http.post<{ data: SignedIn | SecondStepAsked }>('/api/adminUser/login', { email, password }).then((r) => r.data),
  /** Hosted login: the provider's address to send the browser to (the server keeps the flow's state in a cookie). */
  hostedStart: (from: string | null) => http.post<{ data: { url: string } }>('/api/auth/oidc/start', from ? { from } : {}).then((r) => r.data.url),
  /** Hosted login's return: the query the provider came back with, exchanged and checked by the server. */
  hostedFinish: (search: string) => http.post<{ data: (SignedIn | SecondStepAsked) & { returnTo: string } }>('/api/auth/oidc/callback', { search }).then((r) => r.data),
  /** The stored token, checked by the server: the profile it belongs to. */
  validate: () => http.get<{ data: Profile }>('/api/adminUser/validate/authToken').then((r) => r.data),
  /** Ends the session; after a hosted sign-in, the answer may name the provider's sign-out address too. */
  signOut: () => http.post<{ data: { endSessionUrl?: string } }>('/api/adminUser/logout').then((r) => r.data),
  signUp: (values: SignUpValues) => http.post<unknown>('/api/auth/signup', values),
  forgotPassword: (email: string) => http.post<unknown>('/api/auth/forgot-password', { email }),
  resetPassword: (token: string, password: string) => http.post<unknown>('/api/auth/reset-password', { token, password }),
};
