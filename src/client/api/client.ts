/**
 * The transport under every module of src/client/api: the one place that sends a request. Screens never call it;
 * they call the entity API (entities.ts) or their screen's api file, which name the addresses.
 */
import { NETWORK_MESSAGE, statusMessage } from '../i18n/client-messages';

/** One item of the API's failure shape (docs/decisions.md#the-failure-shape). */
export interface ErrorItem { message: string; field?: string; code?: string; expired?: boolean; detail?: string }

/** Every failed call raises this; the shell decides what to show. */
export class ApiError extends Error {
  constructor(readonly status: number, readonly errors: ErrorItem[]) {
    super(errors[0]?.message ?? statusMessage(status));
  }
  /** spec §7: a first error item with the expired flag signs the user out. */
  get expired(): boolean {
    return Boolean(this.errors[0]?.expired);
  }
  fieldErrors(): ErrorItem[] {
    return this.errors.filter((e) => e.field);
  }
  /** The first error's code (`stale`, `duplicate`, `illegal_transition`…): what a screen acts on. */
  get code(): string | undefined {
    return this.errors[0]?.code;
  }
  /** The first error's `detail`: what its message is about (an e-mail address, a reason), for words of the client's own. */
  get detail(): string | undefined {
    return this.errors[0]?.detail;
  }
}

export const STORAGE = { accessToken: 'access_token', idToken: 'id_token', expiresAt: 'expires_at', fcmToken: 'fcm_token' } as const;

const ENROLMENT_PAGE = '/second-factor';

type Listener = (err: ApiError) => void;
const expiredListeners = new Set<Listener>();

/** The session's sign-out subscribes here (api/session.ts); the transport never reaches into the UI itself. */
export function onSessionExpired(fn: Listener): () => void {
  expiredListeners.add(fn);
  return () => expiredListeners.delete(fn);
}

/** Asks the person to prove who they are again (the shell's step-up dialog); true once they did, false if they declined. */
type StepUp = () => Promise<boolean>;
let stepUp: StepUp | null = null;

/** The shell registers its step-up dialog here, as the session's sign-out subscribes to expiries. */
export function onStepUpRequired(fn: StepUp): () => void {
  stepUp = fn;
  return () => { if (stepUp === fn) stepUp = null; };
}

/**
 * A call that the server refuses with `step_up_required` (server/auth/step-up.ts: a dangerous action, and the
 * session's last proof too old) is asked about once: the dialog takes the password, and the call is made again.
 * Declined, or asked again, the refusal is what the caller gets; nothing was done.
 */
export async function withStepUp<T>(attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (err) {
    if (!(err instanceof ApiError) || err.code !== 'step_up_required' || !stepUp || !(await stepUp())) throw err;
    return attempt();
  }
}

/** A failure as the API's error, told to the session's sign-out when it ends the session. */
export function raise(status: number, errors: ErrorItem[] | undefined): ApiError {
  const apiError = new ApiError(status, Array.isArray(errors) && errors.length ? errors
    : [{ message: status ? statusMessage(status) : NETWORK_MESSAGE, code: status ? 'http' : 'network' }]);
  if (apiError.expired) expiredListeners.forEach((fn) => fn(apiError));
  // The role needs a second factor and this session has none: the server refuses all but enrolment, so go there.
  if (apiError.code === 'mfa_enrolment_required' && window.location.pathname !== ENROLMENT_PAGE) window.location.assign(ENROLMENT_PAGE);
  return apiError;
}

/** Addresses with /api/ go to the backend; others to the content base (CONTENT_BASE, default /content/). */
export function resolveUrl(url: string, contentBase = '/content/'): string {
  if (/^https?:\/\//.test(url) || url.includes('/api/')) return url;
  return `${contentBase.replace(/\/$/, '')}/${url.replace(/^\/?(content\/)?/, '')}`;
}

/** The session's token as a request header (none when signed out). */
export const bearer = (): Record<string, string> => {
  const token = localStorage.getItem(STORAGE.idToken);
  return token ? { Authorization: `Bearer ${token}` } : {};
};

/**
 * Reads are retried when the network fails or a proxy says the server is briefly away (502, 503, 504): twice, after
 * 300 ms and 900 ms. Writes never are: a write whose answer was lost may have happened (a version check makes a
 * repeated edit answer 409, which the user is shown), so the user decides. TanStack Query's own retry is off
 * (query-client.ts), so this is the one retry policy, for queries and for the reads outside them alike.
 * This is the shell's transport, plain fetch, in the first load; the data layer that loads after it sends through
 * ofetch with the same policy (transport.ts).
 */
const READ_RETRY_DELAYS = [300, 900];
const RETRY_STATUSES = new Set([502, 503, 504]);
const wait = (ms: number, signal?: AbortSignal) => new Promise<void>((resolve, reject) => {
  const timer = setTimeout(resolve, ms);
  signal?.addEventListener('abort', () => { clearTimeout(timer); reject(signal.reason); }, { once: true });
});

const call = <T>(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<T> => withStepUp(() => callOnce<T>(method, url, body, signal));

async function callOnce<T>(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...bearer() };
  if (body !== undefined && !(body instanceof Blob)) headers['Content-Type'] = 'application/json';
  const init: RequestInit = { method, headers, signal, body: body === undefined ? undefined : body instanceof Blob ? body : JSON.stringify(body) };
  const delays = method === 'GET' ? READ_RETRY_DELAYS : [];
  for (let attempt = 0; ; attempt++) {
    let res: Response;
    try {
      res = await fetch(url, init);
    } catch (err) {
      if (signal?.aborted) throw err; // cancelled on purpose: not a failure anyone is shown
      if (attempt < delays.length) { await wait(delays[attempt], signal); continue; }
      throw raise(0, undefined);
    }
    if (RETRY_STATUSES.has(res.status) && attempt < delays.length) { await wait(delays[attempt], signal); continue; }
    const text = await res.text();
    let data: unknown = text;
    if (text && (res.headers.get('content-type') ?? '').includes('json')) {
      try { data = JSON.parse(text); } catch { data = text; }
    }
    if (!res.ok) throw raise(res.status, (data as { errors?: ErrorItem[] } | null)?.errors);
    return data as T;
  }
}

export interface Page<T> { data: T[]; total: number; totalIsEstimate?: boolean; nextCursor: string | null }

type Call = <T>(method: string, url: string, body?: unknown, signal?: AbortSignal) => Promise<T>;

/** The calls of a transport (this one, or the data layer's: transport.ts), by method. */
export const callsOver = (send: Call) => ({
  /** `signal` cancels a request whose answer nobody waits for any more (a superseded search). */
  get: <T>(url: string, opts: { signal?: AbortSignal } = {}) => send<T>('GET', url, undefined, opts.signal),
  post: <T>(url: string, body?: unknown) => send<T>('POST', url, body ?? {}),
  put: <T>(url: string, body: unknown) => send<T>('PUT', url, body),
  patch: <T>(url: string, body: unknown) => send<T>('PATCH', url, body),
  /** `body`: a removal that carries its proof (turning one-time codes off takes a current code). */
  delete: <T>(url: string, body?: unknown) => send<T>('DELETE', url, body),
  upload: <T>(url: string, file: Blob) => send<T>('POST', url, file),
});

export const http = callsOver(call);
