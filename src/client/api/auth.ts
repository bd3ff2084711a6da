import { http } from './client';

/** The signed-in user as the API describes them. */
export interface Profile {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  avatar: string | null;
  role: { id: number; name: string };
}

export interface SignUpValues { firstName?: string; lastName?: string; email?: string; phone: string | null; password?: string; role?: string }

/**
 * Signing in and out, and the pages open to anyone (sign-up, forgot and reset password). Plain calls, not queries:
 * they run on the sign-in page, which loads before the data layer (the first load stays small), and the session
 * store (state/session.ts) keeps what they answer.
 */
export const auth = {
  signIn: (email: string, password: string) =>
    http.post<{ data: { token: string; expiresIn: number; user: Profile } }>('/api/adminUser/login', { email, password }).then((r) => r.data),
  /** The stored token, checked by the server: the profile it belongs to. */
  validate: () => http.get<{ data: Profile }>('/api/adminUser/validate/authToken').then((r) => r.data),
  signOut: () => http.post<unknown>('/api/adminUser/logout'),
  signUp: (values: SignUpValues) => http.post<unknown>('/api/auth/signup', values),
  forgotPassword: (email: string) => http.post<unknown>('/api/auth/forgot-password', { email }),
  resetPassword: (token: string, password: string) => http.post<unknown>('/api/auth/reset-password', { token, password }),
};
