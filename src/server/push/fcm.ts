import { createSign } from 'node:crypto';
import type { ServiceAccount } from '../config/push-account';

/**
 * Push through Firebase Cloud Messaging's HTTP v1 API, by its REST calls (no SDK: two requests, and a test can point
 * both at a local fake). A service account (FIREBASE_SERVICE_ACCOUNT, the JSON file Firebase gives) signs a JWT that
 * its `token_uri` trades for an access token (kept until shortly before it ends); each message is a POST to
 * `{FCM_BASE_URL}/v1/projects/{project_id}/messages:send`. Errors name the status and FCM's code, never the device
 * token or the text.
 */

export interface PushMessage {
  /** The device's registration token. */
  token: string;
  title: string;
  /** The console address the notification opens (absolute). */
  link: string | null;
  /** One notification per item on a device: a retry replaces it rather than adding another. */
  tag: string;
}

/** 'unregistered': FCM no longer knows the device (its token is to be forgotten). A failure to retry throws. */
export type PushResult = 'sent' | 'unregistered';
export type PushSender = (msg: PushMessage) => Promise<PushResult>;

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const TIMEOUT_MS = 10_000;
/** FCM's codes for a token that will never work again (unregistered, or of another Firebase project). */
const GONE = new Set(['UNREGISTERED', 'SENDER_ID_MISMATCH']);

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

function signedJwt(sa: ServiceAccount, now = Math.floor(Date.now() / 1000)): string {
  const head = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64url(JSON.stringify({ iss: sa.client_email, scope: SCOPE, aud: sa.token_uri, iat: now, exp: now + 3600 }));
  const signature = createSign('RSA-SHA256').update(`${head}.${claims}`).sign(sa.private_key);
  return `${head}.${claims}.${base64url(signature)}`;
}

async function post(url: string, init: RequestInit, what: string): Promise<Response> {
  try {
    return await fetch(url, { ...init, method: 'POST', redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    throw new Error(`${what} could not be reached (${e.name === 'TimeoutError' ? `no answer within ${TIMEOUT_MS / 1000} s` : (e.cause?.code ?? e.message).slice(0, 100)})`);
  }
}

/** A sender for one service account and FCM address; its access token is shared by its messages. */
export function fcmSender(sa: ServiceAccount, baseUrl: string): PushSender {
  let access: { token: string; until: number } | null = null;
  const accessToken = async () => {
    if (access && access.until > Date.now()) return access.token;
    const res = await post(sa.token_uri, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: signedJwt(sa) }).toString(),
    }, 'the OAuth token address');
    const body = (await res.json().catch(() => null)) as { access_token?: string; expires_in?: number } | null;
    if (!res.ok || typeof body?.access_token !== 'string') throw new Error(`the OAuth token address answered ${res.status}`);
    access = { token: body.access_token, until: Date.now() + Math.max(60, (body.expires_in ?? 3600) - 120) * 1000 };
    return access.token;
  };
  const address = `${baseUrl.replace(/\/+$/, '')}/v1/projects/${encodeURIComponent(sa.project_id)}/messages:send`;
  return async (msg) => {
    const message = {
      token: msg.token,
      notification: { title: msg.title },
      data: { tag: msg.tag, ...(msg.link ? { link: msg.link } : {}) },
      // FCM opens only an https link; over http (one machine) the service worker opens it from `data`.
      webpush: { notification: { tag: msg.tag }, ...(msg.link?.startsWith('https://') ? { fcm_options: { link: msg.link } } : {}) },
    };
    const res = await post(address, { headers: { 'content-type': 'application/json', authorization: `Bearer ${await accessToken()}` }, body: JSON.stringify({ message }) }, 'FCM');
    if (res.ok) {
      await res.body?.cancel().catch(() => {});
      return 'sent';
    }
    const body = (await res.json().catch(() => null)) as { error?: { status?: string; details?: { errorCode?: string }[] } } | null;
    const code = body?.error?.details?.find((d) => d.errorCode)?.errorCode ?? body?.error?.status ?? '';
    if (GONE.has(code)) return 'unregistered';
    if (res.status === 401) access = null;
    throw new Error(`FCM answered ${res.status}${code ? ` ${String(code).slice(0, 40)}` : ''}`);
  };
}
