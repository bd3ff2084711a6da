import { appendFile, chmod } from 'node:fs/promises';
import path from 'node:path';
import type { Config, SmsGateway } from './config';

/**
 * Text messages (issue 19 §3: reminders reach people without an e-mail address). A request never sends one: it queues
 * an outbox row of channel `sms` (mail.ts, queueSms) and the outbox's sender hands it to the sender here, retrying a
 * failure as it does for mail. Delivery: with SMS_GATEWAY_URL and SMS_GATEWAY_KEY, a POST of {to, text} to the gateway;
 * without them (one machine), a line appended to DATA_DIR/sms.txt, readable by the server's user only, as the local
 * mailbox is. Neither the number nor the text ever reaches the log: an error says what went wrong, never to whom.
 */
export interface TextMessage {
  /** The number in international form, +919812345678 (mobileNumber). */
  to: string;
  text: string;
}

/** A way to hand a text message on: the gateway, the local file, or a test's. Throws when it was not delivered. */
export type SmsSender = (msg: TextMessage) => Promise<void>;

/** How long the gateway has to answer before the try counts as failed (and is retried later). */
export const GATEWAY_TIMEOUT_MS = 10_000;

export const smsPath = (config: Config) => path.join(config.dataDir, 'sms.txt');

/**
 * POST {to, text} as JSON with `Authorization: Bearer <key>`; any 2xx is delivered, anything else (another status, no
 * answer within the timeout, a refused connection) throws. Redirects are refused rather than followed: a redirected
 * POST may arrive elsewhere as a GET, and the key would travel with it. The gateway's answer is never read into the
 * error: a gateway may quote the number back.
 */
export function gatewaySender(gateway: SmsGateway, timeoutMs = GATEWAY_TIMEOUT_MS): SmsSender {
  return async (msg) => {
    let res: Response;
    try {
      res = await fetch(gateway.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${gateway.key}` },
        body: JSON.stringify({ to: msg.to, text: msg.text }),
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      // fetch's error and its cause name the failure (a code, "unexpected redirect"), never what was sent.
      const e = err as Error & { cause?: { code?: string; message?: string } };
      const why = e.name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : (e.cause?.code ?? e.cause?.message ?? e.message).slice(0, 100);
      throw new Error(`the SMS gateway could not be reached (${why})`);
    }
    await res.body?.cancel().catch(() => {});
    if (!res.ok) throw new Error(`the SMS gateway answered ${res.status}`);
  };
}

/** One line a message: time, number, text (tabs and line breaks in the text made spaces). */
export function smsFileSender(file: string): SmsSender {
  return async (msg) => {
    await appendFile(file, `${new Date().toISOString()}\t${msg.to}\t${msg.text.replace(/\s+/g, ' ')}\n`, { mode: 0o600 });
    await chmod(file, 0o600); // a file made by hand, or by an older release, is the operator's alone too
  };
}

/** The sender the configuration names, and how the outbox records it (`delivered_via`). */
export function configuredSmsSender(config: Config): { send: SmsSender; via: 'sms-gateway' | 'sms-file' } {
  return config.smsGateway ? { send: gatewaySender(config.smsGateway), via: 'sms-gateway' } : { send: smsFileSender(smsPath(config)), via: 'sms-file' };
}

/**
 * A stored phone number as a mobile number in international form, or null when it is not one. Indian numbers (the
 * platform's): ten digits starting 6–9, with or without +91, 91, 0091 or the trunk 0 → +91XXXXXXXXXX; a landline
 * (an area code starting 1–5, as 022 2345 6789 or +91 22 2345 6789) is not a mobile. A number given with another
 * country code (+44…, 8 to 15 digits) is taken as written: whether it is a mobile is the gateway's to say. A landline
 * of an area code starting 7 or 8 written as ten digits reads as a mobile; the gateway refuses it, and the outbox gives up after its retries.
 */
export function mobileNumber(phone: unknown): string | null {
  if (typeof phone !== 'string') return null;
  const compact = phone.trim().replace(/[\s().-]/g, '');
  const indian = /^(?:\+91|0091|91|0)?([6-9]\d{9})$/.exec(compact);
  if (indian) return `+91${indian[1]}`;
  const foreign = /^(?:\+|00)([1-9]\d{7,14})$/.exec(compact);
  if (foreign && !foreign[1].startsWith('91')) return `+${foreign[1]}`;
  return null;
}

// GSM 03.38: the default alphabet (one septet each) and its extension table (an escape and a septet: two).
const GSM_BASIC = new Set('@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà');
const GSM_EXTENDED = new Set('^{}\\[~]|€');

/** Septets `text` takes in the GSM alphabet, or null when it holds a character outside it (the message would go as UCS-2, 70 a part). */
export function gsmLength(text: string): number | null {
  let n = 0;
  for (const ch of text) {
    if (GSM_BASIC.has(ch)) n += 1;
    else if (GSM_EXTENDED.has(ch)) n += 2;
    else return null;
  }
  return n;
}

/** One SMS in the GSM alphabet. */
export const SMS_MAX = 160;
