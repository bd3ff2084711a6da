import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress, COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress';
import { compressJson } from './compress-json';
import { authRoutes } from './auth/routes';
import { stepUpRoutes } from './auth/step-up';
import { subscribeReaders } from './readers';
import { mfaRoutes } from './auth/mfa/routes';
import { mfaRequired } from './auth/mfa/factors';
import { authenticate } from './auth/sessions';
import type { Config } from './config';
import { crudRoutes } from './crud/routes';
import { importsRoutes } from './import/routes';
import { bulkRoutes } from './crud/bulk-routes';
import { z } from 'zod';
import { openApiDocument, servedRoutes } from './openapi';
import { describeCalls } from './http/call-docs';
import type { Database, DB } from './db/connection';
import { clientAddress, fail, HttpError, setOnAnswer, type AppEnv } from './http';
import { inlineScriptSources, serveAsset, serveIndex } from './static-assets';
import { mySessionRoutes } from './routes/my-sessions';
import { signedInRoutes } from './routes/signed-in';
import { auditTrailRoutes } from './routes/audit-trail';
import { threadRoutes } from './routes/threads';
import { checkQuery, isDataException } from './http/input-safety';
import { contentFiles, MAX_UPLOAD_BYTES, uploadRoutes } from './routes/content';
import { platformRoutes } from './routes/platform';
import { serviceWorkerRoutes } from './push/service-worker';
import { inboxRoutes } from './inbox/routes';
import { timelineRoutes } from './routes/timeline';
import { slotRoutes } from './routes/slots';
import { invoicePdfRoutes } from './routes/invoice-pdf';
import { fmcScreenRoutes } from './routes/fmc-screens';
import { worklistRoutes } from './routes/worklists';
import { worklistAutoRoutes } from './reminders/worklist-auto-routes';
import { savedViewRoutes } from './routes/saved-views';
import { followUpRoutes } from './reminders/follow-up-routes';
import { eventRoutes } from './routes/events';
import { presenceRoutes } from './routes/presence';
import { systemRoutes } from './routes/system';
import { runRoutes } from './routes/runs';
import { campaignReachRoutes } from './routes/campaign-reach';
import { healthRoutes } from './routes/health';
import type { Lifecycle } from './ops/shutdown';
import { logger, scrub } from './ops/logger';
import { metricsHandler } from './routes/metrics';
import { requestLog, routeTemplate } from './http/request-log';

/** Calls that need no session: sign-in and the public auth pages. validate and logout check the token themselves. */
const PUBLIC = [/^\/api\/adminUser\/(login|login\/mfa|login\/mfa\/webauthn|validate\/authToken|logout)$/, /^\/api\/auth\//, /^\/api\/openapi\.json$/];
describeCalls({
  'GET /api/openapi.json': {
    summary: 'This document: every call the console answers, as OpenAPI 3.1', ok: { status: 200, schema: z.looseObject({ openapi: z.literal('3.1.0'), paths: z.record(z.string(), z.unknown()) }) },
  },
});

/** The calls left to a session that must enrol a second factor first: its own factors. */
const ENROLMENT = /^\/api\/me\/mfa(\/|$)/;
const MFA_ENROLMENT_REQUIRED = 'Your role needs a second factor: set one up to continue.';

/**
 * Whether the request came with a body that was not read to its end when the answer is sent (a body over the limit
 * answered 413 unread, or a call refused before its body was parsed). Only on the Node server (`c.env.incoming`);
 * in-process calls (app.request) have no connection to keep.
 */
function bodyUnread(c: Context): boolean {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming || incoming.complete) return false;
  const { 'content-length': length, 'transfer-encoding': chunked } = incoming.headers;
  return !!chunked || Number(length) > 0;
}

/**
 * Such an answer closes the connection (`Connection: close`, which Node's server honours by closing the socket once
 * the answer is sent). Kept alive, the rest of the unread body would sit on the connection in front of the client's
 * next request, which then fails.
 */
const tooLarge = (c: Context, message: string) => {
  c.header('Connection', 'close');
  return fail(413, message, { code: 'too_large' });
};

function contentSecurityPolicy(config: Config, inlineScripts: string[]): string {
  const connect = ["'self'", ...(config.firebaseConfig ? ['https://*.googleapis.com', 'https://*.firebaseio.com'] : [])];
  return [
    "default-src 'self'",
    // No inline script but index.html's own, by its hash (static-assets.ts inlineScriptSources).
    `script-src ${["'self'", ...inlineScripts].join(' ')}`,
    // Inline styles (the toast library injects a style sheet).
    "style-src 'self' 'unsafe-inline'",
    // Images from the console and the origins the operator names, never from anywhere (registry/image-addresses.ts).
    `img-src ${["'self'", 'data:', 'blob:', ...config.imageOrigins].join(' ')}`,
    `connect-src ${connect.join(' ')}`,
    "font-src 'self'",
    // A document opened in the console (a verification's PDF) is fetched with the session's token and shown from a
    // blob: address, which only the console's own script can make; nothing else is framed.
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export interface AppDeps {
  db: DB;
  config: Config;
  distDir?: string;
  /** The database `db` belongs to, for what works on the whole of it (a backup); without it, backups are refused. */
  database?: Database;
  /** The serving process's state for the readiness probe; a shutdown sets `stopping` (ops/shutdown.ts). */
  lifecycle?: Lifecycle;
}

export function createApp(deps: AppDeps): Hono<AppEnv> {
  subscribeReaders();
  const { db, config } = deps;
  const distDir = deps.distDir ?? path.resolve('dist');
  const app = new Hono<AppEnv>();
  const csp = contentSecurityPolicy(config, inlineScriptSources(distDir));

  // First: it sees every answer, a refusal or an error's too, and gives each its request id.
  app.use('*', requestLog());
  app.use('*', async (c, next) => {
    c.set('db', db);
    c.set('config', config);
    await next();
    setOnAnswer(c, 'X-Content-Type-Options', 'nosniff');
    setOnAnswer(c, 'Referrer-Policy', 'strict-origin-when-cross-origin');
    setOnAnswer(c, 'X-Frame-Options', 'DENY');
    setOnAnswer(c, 'Cross-Origin-Opener-Policy', 'same-origin');
    // Browser powers the console never uses, off for it and anything it might embed.
    setOnAnswer(c, 'Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), interest-cohort=()');
    // Browsers heed it only over HTTPS (behind a TLS proxy); over plain HTTP on one machine it is ignored.
    setOnAnswer(c, 'Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (!c.res.headers.has('Content-Security-Policy')) setOnAnswer(c, 'Content-Security-Policy', csp);
    if (bodyUnread(c)) setOnAnswer(c, 'Connection', 'close');
  });

  const api = new Hono<AppEnv>();
  api.use('*', async (c, next) => {
    await next();
    setOnAnswer(c, 'Cache-Control', 'no-store');
  });
  // Answers above 1 KB go compressed (gzip or deflate, as the client accepts): a page of 100 rows is ~10× smaller.
  // JSON (nearly every answer) by compressJson; a CSV export's stream and other answers by Hono's compress.
  api.use('*', compress({ threshold: 1024, contentTypeFilter: (type) => COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) && !type.includes('json') }));
  api.use('*', compressJson(1024));
  // A 413 is answered before the body is read: it closes the connection (tooLarge).
  api.use('/upload', bodyLimit({ maxSize: MAX_UPLOAD_BYTES, onError: (c) => { throw tooLarge(c, 'The file is larger than 2 MB'); } }));
  api.use('*', async (c, next) => {
    // GET and HEAD carry no body; asking the request for its body stream would build a whole web Request for nothing.
    if (c.req.path === '/api/upload' || c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return bodyLimit({ maxSize: 1024 * 1024, onError: (c) => { throw tooLarge(c, 'The request is too large'); } })(c, next);
  });
  api.use('*', async (c, next) => {
    checkQuery(new URL(c.req.url).searchParams);
    if (PUBLIC.some((re) => re.test(c.req.path))) return next();
    const user = await authenticate(db, config, c.req.header('authorization'));
    // A role that must have a second factor, signed in without one: only enrolment until it is done (auth/mfa/).
    if (!user.signInFactor && mfaRequired(config, user.role) && !ENROLMENT.test(c.req.path)) {
      throw fail(403, MFA_ENROLMENT_REQUIRED, { code: 'mfa_enrolment_required' });
    }
    c.set('user', { ...user, address: clientAddress(c) });
    return next();
  });
  api.route('/', authRoutes());
  api.route('/', mfaRoutes());
  api.route('/', platformRoutes());
  api.route('/', inboxRoutes());
  api.route('/', followUpRoutes());
  api.route('/', mySessionRoutes());
  api.route('/', stepUpRoutes());
  api.route('/', signedInRoutes());
  api.route('/', uploadRoutes());
  api.route('/', slotRoutes());
  api.route('/', timelineRoutes());
  api.route('/', invoicePdfRoutes());
  api.route('/', fmcScreenRoutes());
  api.route('/', worklistRoutes());
  api.route('/', worklistAutoRoutes());
  api.route('/', savedViewRoutes());
  api.route('/', auditTrailRoutes());
  api.route('/', threadRoutes());
  api.route('/', systemRoutes(deps.database));
  api.route('/', runRoutes());
  api.route('/', campaignReachRoutes());
  api.route('/', eventRoutes(deps.database));
  api.route('/', presenceRoutes());
  api.route('/', importsRoutes());
  api.route('/', bulkRoutes());
  api.route('/', crudRoutes());
  // The API's description, made once from the routes served (openapi.ts): the shape of the calls, no data.
  let described: unknown;
  api.get('/openapi.json', (c) => c.json(described ??= openApiDocument(servedRoutes(app.routes), (path) => PUBLIC.some((re) => re.test(path)))));
  api.all('*', () => { throw fail(404, 'There is no such call', { code: 'not_found' }); });
  app.route('/api', api);
  app.route('/content', contentFiles());
  app.route('/health', healthRoutes(deps.lifecycle ?? { stopping: false }));
  app.get('/metrics', metricsHandler());

  app.route('/', serviceWorkerRoutes(config.firebaseConfig));
  app.get('/assets/*', (c) => serveAsset(c, distDir));
  app.get('*', (c) => {
    // Client routes (/dashboard/…, /signin, /404 …) all load the single page.
    return serveIndex(c, distDir) ?? c.text('The console is not built yet: run `npm run build` (npm start does it for you).', 503);
  });

  app.onError((err, c) => {
    if (err instanceof HttpError) {
      if (err.status === 429) c.header('Retry-After', String(err.retryAfter ?? 900));
      return c.json({ errors: err.errors }, err.status);
    }
    if (isDataException(err)) return c.json({ errors: [{ message: 'A value is not in a form that can be stored', code: 'invalid_value' }] }, 400);
    // Never the error object itself: a database error carries the query's parameters (a password hash among them).
    // Its message may quote a value too: scrubbed. The route template, not the address (ids, a search term).
    const e = err as { message?: string; code?: string; stack?: string };
    logger.error({ requestId: c.get('requestId'), method: c.req.method, route: routeTemplate(c), code: e.code, stack: (e.stack ?? '').split('\n').slice(1, 6).map((l) => l.trim()) },
      scrub(e.message ?? String(err)));
    return c.json({ errors: [{ message: 'Something went wrong. Please try again later.', code: 'internal' }] }, 500);
  });
  return app;
}
