/** A Firebase service account, the JSON file Firebase gives: what push/fcm.ts signs its access tokens with. */
export interface ServiceAccount { project_id: string; client_email: string; private_key: string; token_uri: string }

/** FIREBASE_SERVICE_ACCOUNT read at start: a service account's JSON, else the console stops with why. */
export function parseServiceAccount(json: string | undefined): ServiceAccount | undefined {
  if (!json) return undefined;
  let v: Record<string, unknown>;
  try { v = JSON.parse(json); } catch { throw new Error('FIREBASE_SERVICE_ACCOUNT is not JSON: give the service account key file\'s contents.'); }
  const { project_id, client_email, private_key } = v ?? {};
  const token_uri = v?.token_uri ?? 'https://oauth2.googleapis.com/token';
  if (typeof project_id !== 'string' || typeof client_email !== 'string' || typeof private_key !== 'string' || typeof token_uri !== 'string' || !/^https?:\/\//.test(token_uri)) {
    throw new Error('FIREBASE_SERVICE_ACCOUNT lacks project_id, client_email or private_key: give the service account key file\'s contents.');
  }
  return { project_id, client_email, private_key, token_uri };
}
