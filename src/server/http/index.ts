import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { capErrors, checkJsonValue } from './input-safety';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { EntityDef, Role } from '../../registry';
import { issueMessage } from '../validation-messages';
import type { DB } from '../db/connection';
import type { Config } from '../config';

/** One item of the failure shape (docs/decisions.md#the-failure-shape). */
export interface ErrorItem {
  message: string;
  field?: string;
  code?: string;
  expired?: boolean;
  /** A value the message is about (an e-mail address, an administrator's reason), for a client that words it itself. */
  detail?: string;
}

/** Thrown anywhere on a request path; app.ts turns it into `{ errors }` with its status. */
export class HttpError extends Error {
  /** With a 429: seconds before a retry may pass (the Retry-After header). */
  retryAfter?: number;
  constructor(readonly status: ContentfulStatusCode, readonly errors: ErrorItem[]) {
    super(errors[0]?.message ?? 'error');
  }
}

export const fail = (status: ContentfulStatusCode, message: string, extra: Omit<ErrorItem, 'message'> = {}) =>
  new HttpError(status, [{ message, ...extra }]);

/** The one refusal of a caller whose role the policy does not allow here. */
export const forbidden = () => fail(403, 'You do not have permission to do this', { code: 'forbidden' });

/**
 * A record id from the path: its decimal digits as written, 1 to 2^31 − 1, else 404 as for a record that does not
 * exist. Number() would read `0x24`, `36e0`, `+36` and ` 36` as record 36: one record under many addresses.
 */
export function recordIdParam(c: Ctx, name = 'id'): number {
  const text = c.req.param(name) ?? '';
  const id = /^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : NaN;
  if (!(id <= 2_147_483_647)) throw fail(404, 'This record does not exist', { code: 'not_found' });
  return id;
}

export interface SessionUser {
  id: number;
  sessionId: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  avatar: string | null;
  role: Role;
  roleId: number;
  /** The family medical centres of an fmc user or a doctor (scope by centre); empty for the others. */
  centres: number[];
  /** The client's address (audit log), set by the API's auth middleware. */
  address?: string;
  /** How this session signed in (auth/sessions.ts SignInMethod). */
  signInMethod?: string;
  /** When its person last proved who they are: the sign-in, or a step-up since (auth/step-up.ts). */
  provedAt?: string | Date;
  /** The second factor this session was proven with (auth/mfa/factors.ts SessionFactor), null for none. */
  signInFactor?: string | null;
}

export interface AppEnv {
  Variables: {
    db: DB;
    config: Config;
    user: SessionUser;
    /** This request's id (http/request-log.ts): in its log line and on its answer as x-request-id. */
    requestId: string;
  };
}

export type Ctx = Context<AppEnv>;

/**
 * Zod issues → one error item per bad field (400), each message a sentence naming its field (validation-messages.ts:
 * the parse said it; `def` names an entity's unknown members by their labels).
 */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string; code?: string; keys?: readonly string[] }[], def?: EntityDef): HttpError {
  const seen = new Set<string>();
  const items: ErrorItem[] = [];
  // An unknown key is named as its own field, so the caller sees which member was refused.
  const flat = issues.flatMap((i) => (i.code === 'unrecognized_keys' && i.keys?.length
    ? i.keys.map((k) => ({ path: [...i.path, k], message: issueMessage({ code: 'unrecognized_keys', keys: [k], path: i.path }, def), code: 'unknown_field' }))
    : [i]));
  for (const i of flat) {
    const field = i.path.map(String).join('.') || undefined;
    const key = field ?? i.message;
    if (seen.has(key)) continue;
    seen.add(key);
    items.push({ message: i.message, field, code: i.code ?? 'invalid' });
  }
  return new HttpError(400, capErrors(items));
}

/**
 * A write's body is read as JSON only when it says it is JSON (`application/json`, or a `+json` type): a form post or a
 * text/plain body from another site's page, which a browser sends without asking, is refused before it is read (415).
 */
export function requireJsonType(c: Ctx): void {
  const type = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type)) return;
  throw fail(415, 'Send the request body as JSON (Content-Type: application/json)', { code: 'unsupported_media_type', detail: type || undefined });
}

/** Reads a JSON body (415 unless sent as JSON); anything but a JSON object is a 400. */
export async function jsonBody(c: Ctx): Promise<Record<string, unknown>> {
  requireJsonType(c);
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw fail(400, 'The request body is not valid JSON', { code: 'invalid_json' });
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw fail(400, 'The request body must be a JSON object', { code: 'invalid_json' });
  checkJsonValue(body);
  return body as Record<string, unknown>;
}

/**
 * The client's address. Behind TRUST_PROXY=N reverse proxies, the address the N-th proxy from us appended to
 * X-Forwarded-For (counting from the right): entries further left are whatever the client sent, so a client
 * could pick its own address there. Without it, the socket's peer.
 */
export function clientAddress(c: Ctx): string {
  const hops = c.get('config').trustProxy;
  if (hops > 0) {
    const chain = (c.req.header('x-forwarded-for') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    const appended = chain[chain.length - hops];
    if (appended) return appended.slice(0, 64);
  }
  // In-process requests (app.request: the tests, the bench) have no socket. Asked anyway, getConnInfo throws, and
  // the exception's stack cost ~1 ms of CPU a request (the search's profile, bench/search-profile.ts).
  const env = c.env as { incoming?: unknown; server?: { incoming?: unknown } } | undefined;
  if (!(env?.server ?? env)?.incoming) return 'local';
  return getConnInfo(c).remote.address ?? 'unknown';
}

/**
 * A header on an answer already made. Through the answer's own headers: `c.header` after the handler rebuilds the
 * answer (the Node adapter's light Response becomes a web Response read through a body stream, on every call).
 * A Response whose headers are immutable falls back to the rebuild.
 */
export function setOnAnswer(c: Context, name: string, value: string) {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}
