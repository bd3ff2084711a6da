import path from 'node:path';
import { isGstin } from '../../registry/gst';
import { isRole, ROLES, type Role } from '../../registry/roles';
import { oidcFrom, type OidcSettings } from './oidc';
import { flagFrom, httpAddressFrom, numberFrom } from './values';
import { parseImageOrigins } from '../../registry/image-addresses';
import { parseServiceAccount, type ServiceAccount } from './push-account';

/** The seller every tax invoice names (CGST Rules, rule 46): its legal name, address and GSTIN. */
export interface Seller {
  name: string;
  address: string;
  gstin: string;
  /** The demo's made-up seller, used while SELLER_NAME, SELLER_ADDRESS and SELLER_GSTIN are unset. */
  demo: boolean;
}

/**
 * DEMO VALUES, not a real business: the seller of a console whose operator has not named theirs. The word "Demo"
 * stands in the name and the address of every invoice it prints, and the PAN in the GSTIN (AAAAA0000A) is nobody's;
 * the check character is right, so that the demo's invoices are what a configured console prints.
 */
export const DEMO_SELLER = {
  name: 'Demo Health Services Private Limited',
  address: 'Demo address: 4th Floor, Example Towers, Baner Road, Pune, Maharashtra 411045',
  gstin: '27AAAAA0000A1Z2',
} as const;

/**
 * SELLER_NAME, SELLER_ADDRESS and SELLER_GSTIN, all three or none (the demo seller); checked at start, so that a
 * mistyped GSTIN stops the console instead of being printed on every invoice. The seller's state is the GSTIN's (its
 * first two digits): a separate setting could only disagree with it.
 */
export function sellerFrom(env: NodeJS.ProcessEnv): Seller {
  const name = env.SELLER_NAME?.trim() ?? '';
  const address = env.SELLER_ADDRESS?.trim() ?? '';
  const gstin = env.SELLER_GSTIN?.trim().toUpperCase() ?? '';
  const given = [name, address, gstin].filter(Boolean).length;
  if (!given) return { ...DEMO_SELLER, demo: true };
  if (given < 3) throw new Error('SELLER_NAME, SELLER_ADDRESS and SELLER_GSTIN name the seller on every invoice together: set all three, or none for the demo seller.');
  if (!isGstin(gstin)) throw new Error(`SELLER_GSTIN "${gstin}" is not a GSTIN: 15 characters (state code, PAN, entity number, Z, check character) whose check character matches.`);
  if (name.length > 200) throw new Error('SELLER_NAME is longer than the invoice keeps (200 characters).');
  if (address.length > 500) throw new Error('SELLER_ADDRESS is longer than the invoice keeps (500 characters).');
  return { name, address, gstin, demo: false };
}

/** Where text messages go (SMS_GATEWAY_URL, SMS_GATEWAY_KEY): POST {to, text} with the key as a bearer token (sms.ts). */
export interface SmsGateway {
  url: string;
  key: string;
}

/**
 * SMS_GATEWAY_URL and SMS_GATEWAY_KEY, both or neither (then text messages are written to DATA_DIR/sms.txt). Checked at
 * start: a gateway named without its key, or an address that is not http(s), would fail every message one by one.
 */
export function smsGatewayFrom(env: NodeJS.ProcessEnv): SmsGateway | undefined {
  const url = env.SMS_GATEWAY_URL?.trim() ?? '';
  const key = env.SMS_GATEWAY_KEY?.trim() ?? '';
  if (!url && !key) return undefined;
  if (!url || !key) throw new Error('SMS_GATEWAY_URL and SMS_GATEWAY_KEY name the text-message gateway together: set both, or neither to write text messages to DATA_DIR/sms.txt.');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('SMS_GATEWAY_URL is not an address: give the gateway\'s http(s) address, e.g. https://sms.example.in/v1/messages.');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error('SMS_GATEWAY_URL must be an http(s) address.');
  return { url: parsed.href, key };
}

/** Environment settings, read once. The README's configuration table (README.md#environment) lists them. */
export interface Config {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  demoPassword?: string;
  demoData: boolean;
  sessionIdleMinutes: number;
  /** Where the centres are: a slot's day and time are read there (an appointment booked on it starts then). */
  centreTimeZone: string;
  sessionMaxHours: number;
  /** Reverse proxies in front of the console (TRUST_PROXY): the client address is the one the outermost of them appended to X-Forwarded-For. 0: none. */
  trustProxy: number;
  publicUrl: string;
  /** PUBLIC_URL as set, or none: passkeys are bound to its origin, else to the request's own (auth/mfa/webauthn.ts). */
  publicUrlSet?: string;
  contentBase?: string;
  /** Origins the console loads images from besides itself (IMAGE_HOSTS, and CONTENT_BASE when absolute): registry/image-addresses.ts. */
  imageOrigins: string[];
  smtpUrl?: string;
  /** The text-message gateway (SMS_GATEWAY_URL, SMS_GATEWAY_KEY); absent = DATA_DIR/sms.txt. */
  smsGateway?: SmsGateway;
  /** Firebase web config (JSON) for push; absent = no push. */
  firebaseConfig?: string;
  /** FIREBASE_SERVICE_ACCOUNT: the account that sends pushes through FCM (push/fcm.ts); absent = none are sent. */
  firebaseServiceAccount?: ServiceAccount;
  /** FCM_BASE_URL: FCM's address (a test's fake one); https://fcm.googleapis.com by default. */
  fcmBaseUrl: string;
  /** Hosted login (OIDC_* or the AUTH0_* shorthand: config/oidc.ts); absent = none offered. */
  oidc?: OidcSettings;
  /** MFA_REQUIRED_ROLES: roles that must have a second factor (auth/mfa/policy.ts); default superadmin,admin without the demo data. */
  mfaRequiredRoles: Role[];
  /** OIDC_MFA_ACR: an ID token's `acr` that says the provider itself asked for a second factor; absent = only `amr` says so. */
  oidcMfaAcr?: string;
  /** PASSWORD_SIGNIN (on unless 0): staff may sign in with a password; off, hosted login only (it must be configured). */
  passwordSignIn: boolean;
  /** SESSION_MAX_PER_USER (default 5): a person's live sessions; a new one ends the oldest (auth/sessions.ts). */
  sessionMaxPerUser: number;
  /** STEP_UP_MINUTES: how recent a proof of identity (a sign-in, a step-up) the dangerous actions need (auth/step-up.ts). */
  stepUpMinutes: number;
  /** IMPORT_MAX_MB (default 20): the largest file an import takes (server/import). */
  importMaxBytes: number;
  /** scrypt cost; the default is N=2^17 (docs/decisions.md#password-hashing). Tests may lower it for speed via SCRYPT_LOG_N. */
  scryptLogN: number;
  /** Console processes on this host (WORKERS); more than one needs DATABASE_URL. */
  workers: number;
  /** Buffer cache of the embedded database on disk (PostgreSQL's shared_buffers). */
  pgliteSharedBuffers: string;
  /** PGLITE_FSYNC (on unless 0): the embedded database forces each commit to the disk (db/pglite-disk.ts; docs/operations.md#durability). */
  pgliteFsync: boolean;
  /** METRICS_TOKEN: the bearer token GET /metrics asks for; absent = no metrics (404). */
  metricsToken?: string;
  /** SHUTDOWN_GRACE_SECONDS: how long a SIGTERM waits for the requests under way before it ends them (ops/shutdown.ts). */
  shutdownGraceSeconds: number;
  /** Scheduled backups of the embedded database (backup/schedule.ts): BACKUP_DIR (absent = none), BACKUP_EVERY_HOURS, BACKUP_KEEP. */
  backupDir?: string;
  /** AUDIT_ANCHOR_FILE: where the audit chain's head is anchored outside the database (audit/audit-anchors.ts); DATA_DIR/audit-anchors.log by default. */
  auditAnchorFile: string;
  backupEveryHours: number;
  backupKeep: number;
  /** BACKUP_KEY: a passphrase that seals every backup (backup/encryption.ts); absent, backups are plain .tar.gz. */
  backupKey?: string;
  /** The seller on every tax invoice (SELLER_NAME, SELLER_ADDRESS, SELLER_GSTIN), or the demo's. */
  seller: Seller;
  /** EVENTS_HEARTBEAT_SECONDS (default 25): the change stream's comment line, which keeps proxies from closing it (routes/events.ts). */
  eventsHeartbeatSeconds: number;
  /** EVENTS_BUFFER (default 1000): changes a process keeps for a reconnect's Last-Event-ID (events/hub.ts). */
  eventsBuffer: number;
  /** SCHEDULER_TICK_SECONDS (default 15): how often each process looks for due runs (scheduler/README.md). */
  schedulerTickSeconds: number;
  /** APPOINTMENT_REMINDER_HOURS (default 24): how long before an appointment its patient is reminded (reminders/appointment-reminders.ts). */
  appointmentReminderHours: number;
}

/**
 * CENTRE_TIME_ZONE, an IANA zone (Asia/Kolkata): the days of appointments and slots are read there, so a zone the
 * runtime does not know stops the console at start instead of refusing every such move later.
 */
export function centreTimeZoneFrom(value: string | undefined): string {
  const zone = value || 'Asia/Kolkata';
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    throw new Error(`CENTRE_TIME_ZONE "${zone}" is not a time zone: give an IANA name such as Asia/Kolkata.`);
  }
  return zone;
}

/** FCM_BASE_URL, an http(s) address; anything else stops the console at start. */
/** A key short enough to guess would only make the backups look safe: at least 16 characters, or the console does not start. */
function backupKeyFrom(text: string | undefined): string | undefined {
  if (!text) return undefined;
  if ([...text].length < 16) throw new Error('BACKUP_KEY is shorter than 16 characters: use a long random passphrase (e.g. openssl rand -base64 32)');
  return text;
}

function fcmBaseUrlFrom(text: string | undefined): string {
  if (!text) return 'https://fcm.googleapis.com';
  if (!/^https?:\/\/[^\s/]+/.test(text)) throw new Error('FCM_BASE_URL is not an address: give FCM\'s http(s) address, e.g. https://fcm.googleapis.com.');
  return text;
}

/**
 * MFA_REQUIRED_ROLES: a comma list of roles, or `none`. Unset: superadmin and admin, but none with the demo data (its
 * accounts are shared for trying the console out; they may still enrol). An unknown role stops the start.
 */
function mfaRolesFrom(text: string | undefined, demoData: boolean): Role[] {
  if (text === undefined || text.trim() === '') return demoData ? [] : ['superadmin', 'admin'];
  if (text.trim() === 'none') return [];
  const names = text.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = names.filter((n) => !isRole(n));
  if (unknown.length) throw new Error(`MFA_REQUIRED_ROLES names no such role: ${unknown.join(', ')}. Give roles of ${ROLES.join(', ')}, or none.`);
  return names as Role[];
}

/**
 * Every setting of the environment, checked: a value the setting does not take stops the console at start with a
 * message (config-values.ts), never read as another value or as its default.
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = numberFrom(env, 'PORT', 8080, { integer: true, min: 0, max: 65535 });
  const publicUrl = httpAddressFrom(env, 'PUBLIC_URL', `http://localhost:${port}`);
  const oidc = oidcFrom(env, publicUrl);
  const passwordSignIn = flagFrom(env, 'PASSWORD_SIGNIN', true);
  if (!passwordSignIn && !oidc) throw new Error('PASSWORD_SIGNIN=0 leaves no way to sign in: set up hosted login (OIDC_ISSUER, OIDC_CLIENT_ID) first.');
  // Read where they are used (db/connection.ts, db/prepared.ts); checked here so that a typo stops the start.
  numberFrom(env, 'DATABASE_POOL_SIZE', 10, { integer: true, min: 1, max: 1000, unit: 'connections' });
  flagFrom(env, 'DATABASE_PREPARE', true);
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  return {
    port,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    demoPassword: env.DEMO_PASSWORD || undefined,
    demoData: flagFrom(env, 'DEMO_DATA', true),
    // Whole minutes: the database reads it as make_interval(mins => …), which takes an integer.
    sessionIdleMinutes: numberFrom(env, 'SESSION_IDLE_MINUTES', 30, { integer: true, min: 1, max: 7 * 24 * 60, unit: 'minutes' }),
    centreTimeZone: centreTimeZoneFrom(env.CENTRE_TIME_ZONE),
    sessionMaxHours: numberFrom(env, 'SESSION_MAX_HOURS', 12, { min: 0.1, max: 24 * 30, unit: 'hours' }),
    sessionMaxPerUser: numberFrom(env, 'SESSION_MAX_PER_USER', 5, { integer: true, min: 1, max: 100, unit: 'sessions a person' }),
    stepUpMinutes: numberFrom(env, 'STEP_UP_MINUTES', 5, { min: 1, max: 24 * 60, unit: 'minutes' }),
    importMaxBytes: numberFrom(env, 'IMPORT_MAX_MB', 20, { integer: true, min: 1, max: 200, unit: 'MB' }) * 1_048_576,
    oidc,
    passwordSignIn,
    mfaRequiredRoles: mfaRolesFrom(env.MFA_REQUIRED_ROLES, flagFrom(env, 'DEMO_DATA', true)),
    oidcMfaAcr: env.OIDC_MFA_ACR || undefined,
    trustProxy: numberFrom(env, 'TRUST_PROXY', 0, { integer: true, min: 0, max: 10, unit: 'proxies in front' }),
    publicUrl,
    publicUrlSet: env.PUBLIC_URL ? publicUrl : undefined,
    contentBase: env.CONTENT_BASE || undefined,
    imageOrigins: parseImageOrigins(env.IMAGE_HOSTS, env.CONTENT_BASE),
    smtpUrl: env.SMTP_URL || undefined,
    smsGateway: smsGatewayFrom(env),
    firebaseConfig: env.FIREBASE_CONFIG || undefined,
    firebaseServiceAccount: parseServiceAccount(env.FIREBASE_SERVICE_ACCOUNT),
    fcmBaseUrl: fcmBaseUrlFrom(env.FCM_BASE_URL),
    // From 2^10 (the tests' cost) to 2^17: scrypt's memory (128·r·N bytes) must stay under password.ts's 256 MB.
    scryptLogN: numberFrom(env, 'SCRYPT_LOG_N', 17, { integer: true, min: 10, max: 17 }),
    pgliteSharedBuffers: env.PGLITE_SHARED_BUFFERS || '256MB',
    pgliteFsync: flagFrom(env, 'PGLITE_FSYNC', true),
    workers: numberFrom(env, 'WORKERS', 1, { integer: true, min: 1, max: 64, unit: 'processes' }),
    metricsToken: env.METRICS_TOKEN || undefined,
    shutdownGraceSeconds: numberFrom(env, 'SHUTDOWN_GRACE_SECONDS', 20, { min: 0, max: 3600, unit: 'seconds' }),
    backupDir: env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : undefined,
    auditAnchorFile: path.resolve(env.AUDIT_ANCHOR_FILE || path.join(dataDir, 'audit-anchors.log')),
    // At least a minute apart, at most 20 days (a Node timer waits 24.8 days at most).
    backupEveryHours: numberFrom(env, 'BACKUP_EVERY_HOURS', 24, { min: 1 / 60, max: 480, unit: 'hours' }),
    backupKeep: numberFrom(env, 'BACKUP_KEEP', 7, { integer: true, min: 1, max: 1000, unit: 'backups' }),
    backupKey: backupKeyFrom(env.BACKUP_KEY),
    seller: sellerFrom(env),
    eventsHeartbeatSeconds: numberFrom(env, 'EVENTS_HEARTBEAT_SECONDS', 25, { min: 0.1, max: 3600, unit: 'seconds' }),
    eventsBuffer: numberFrom(env, 'EVENTS_BUFFER', 1000, { integer: true, min: 1, max: 100_000, unit: 'changes' }),
    schedulerTickSeconds: numberFrom(env, 'SCHEDULER_TICK_SECONDS', 15, { min: 0.1, max: 3600, unit: 'seconds' }),
    appointmentReminderHours: numberFrom(env, 'APPOINTMENT_REMINDER_HOURS', 24, { min: 1, max: 168, unit: 'hours' }),
  };
}
