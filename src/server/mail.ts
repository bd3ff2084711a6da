import { appendFile, chmod } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { composeReset } from './auth/reset-mail';
import type { Config } from './config';
import type { DB } from './db/connection';
import { logLine, scrub } from './ops/logger';
import { outboxDeliveryFailures } from './ops/metrics';
import { configuredSmsSender, smsPath, type SmsSender } from './sms';
import type { Mail } from './outbox';
import type { PushSender } from './push/fcm';
import { configuredPush, deliverPush, type PushOutcome } from './push/deliver';

/**
 * Outgoing mail, text messages and pushes (each outbox row names its `channel`: 'mail', 'sms' (sms.ts) or 'push'
 * (push/deliver.ts)). A request only writes an outbox row; the sender (startMailSender, one in every server process) delivers queued rows outside any
 * request, retries a failure later and marks each row: no request waits on an SMTP server or an SMS gateway, and
 * nothing a request does depends on whether its message goes anywhere.
 *
 * Delivery: with SMTP_URL, by SMTP. Without it (one machine), the message is appended to DATA_DIR/mailbox.txt, a
 * local mailbox readable by the server's own user only (0600), where the operator reads it, e.g. a reset link for a
 * user: the log and the outbox table only say that mail went to an address. Why a file: the server log is read and
 * kept by many (journald, log shippers), and a database is read by whoever has a dump or a read-only role; a link in
 * either is a password for the taking. Encrypting the outbox body with a key kept in DATA_DIR was the other choice:
 * the key would sit beside the mailbox file (the same trust), the embedded database is locked by the running server
 * (a reader command could not open it then), and with several hosts a row sealed by one could not be read on
 * another. The file is what a local mail server's spool would be. Text messages follow the same path, to the SMS
 * gateway or DATA_DIR/sms.txt: one queue, one retry schedule, one set of figures.
 */
/** A way to hand a message on: SMTP, the local mailbox, or a test's. Throws when it was not delivered. */
export type Transport = (mail: Mail) => Promise<void>;

const POLL_MS = 2_000;
const BATCH = 20;
/** A claimed row is left alone this long: a process that dies while sending gives it back to the others. */
const LEASE_SECONDS = 300;
const MAX_TRIES = 10;
/** Wait after a failed try: 1 min, 2 min, 4 min … at most 6 h. */
const retryAfterSeconds = (tries: number) => Math.min(60 * 2 ** Math.max(0, tries - 1), 6 * 3600);

export const mailboxPath = (config: Config) => path.join(config.dataDir, 'mailbox.txt');

/**
 * Kept for callers that queue in a transaction and deliver after it: delivery is the sender's now, outside the
 * request, so this only wakes this process's sender for messages already queued.
 */
export async function deliverMail(..._queued: unknown[]): Promise<void> {
  wakeSender?.();
}

function smtpTransport(url: string): Transport {
  let transporter: Promise<{ sendMail(m: object): Promise<unknown> }> | undefined;
  return async (mail) => {
    transporter ??= import('nodemailer').then(({ createTransport }) => createTransport(url));
    await (await transporter).sendMail({ from: process.env.MAIL_FROM ?? 'console@localhost', to: mail.to, subject: mail.subject, text: mail.body });
  };
}

function mailboxTransport(file: string): Transport {
  return async (mail) => {
    const now = new Date();
    // mbox: each message starts with a "From " line; body lines that start so are quoted.
    const body = mail.body.replace(/^(>*From )/gm, '>$1');
    await appendFile(file, `From console ${now.toUTCString()}\nTo: ${mail.to}\nDate: ${now.toUTCString()}\nSubject: ${mail.subject}\n\n${body}\n\n`, { mode: 0o600 });
    await chmod(file, 0o600); // a file made by hand, or by an older release, is the operator's alone too
  };
}

interface Queued { id: number; kind: string; channel: 'mail' | 'sms' | 'push'; recipient: string; subject: string; body: string; tries: number }

interface Delivery {
  config: Config;
  transport: Transport;
  via: string;
  sms: { send: SmsSender; via: string };
  push: PushSender | undefined;
  log: (line: string) => void;
}

/**
 * One pass of the sender: claims due rows (skipping those another process holds) and delivers them.
 * Returns how many it claimed. `transport` replaces SMTP or the mailbox, `sms` the SMS gateway or file (tests).
 */
export async function deliverOutbox(db: DB, config: Config, opts: { log?: (line: string) => void; transport?: Transport; sms?: SmsSender; push?: PushSender } = {}): Promise<number> {
  const log = opts.log ?? defaultLog;
  const via = config.smtpUrl ? 'smtp' : 'mailbox';
  const transport = opts.transport ?? (config.smtpUrl ? smtpTransport(config.smtpUrl) : mailboxTransport(mailboxPath(config)));
  const configured = configuredSmsSender(config);
  const sms = { send: opts.sms ?? configured.send, via: configured.via };
  const claimed = await sql<Queued>`update outbox set tries = tries + 1, next_try_at = now() + make_interval(secs => ${LEASE_SECONDS})
    where id in (select id from outbox where status = 'queued' and next_try_at <= now() order by id limit ${BATCH} for update skip locked)
    returning id, kind, channel, recipient, subject, body, tries`.execute(db);
  const o: Delivery = { config, transport, via, sms, push: opts.push ?? configuredPush(config), log };
  for (const row of claimed.rows) await (row.channel === 'sms' ? deliverText(db, row, o) : row.channel === 'push' ? deliverPushRow(db, row, o) : deliverOne(db, row, o));
  if (claimed.rows.length && Math.random() < 0.05) {
    await db.deleteFrom('outbox').where('status', '=', 'dropped').where('created_at', '<', sql<Date>`now() - interval '30 days'`).execute();
  }
  return claimed.rows.length;
}

async function deliverOne(db: DB, row: Queued, o: Delivery) {
  let mail: Mail = { to: row.recipient, subject: row.subject, body: row.body };
  let stored = row.body;
  let revoke: (() => Promise<void>) | undefined;
  if (row.kind === 'password_reset') {
    const reset = await composeReset(db, o.config, row.recipient);
    if (!reset) {
      await db.updateTable('outbox').set({ status: 'dropped' }).where('id', '=', row.id).execute();
      o.log(`[outbox] message ${row.id}: a password reset for an address without an active account, or asked for too often: nothing sent`);
      return;
    }
    ({ stored, revoke } = reset);
    mail = { to: reset.to, subject: reset.subject, body: reset.body };
  }
  try {
    await o.transport(mail);
  } catch (err) {
    // An undelivered reset link is ended at once; the retry makes a new one.
    await revoke?.();
    await failed(db, row, err, o.log);
    return;
  }
  await db.updateTable('outbox').set({
    status: 'sent', sent_at: sql`now()`, delivered_via: o.via, recipient: mail.to, subject: mail.subject, body: stored, last_error: null,
  }).where('id', '=', row.id).execute();
  o.log(`[outbox] message ${row.id} (${row.kind}) ${o.via === 'smtp' ? 'sent by SMTP' : `written to ${mailboxPath(o.config)}`}`);
}

/** A text message: handed to the gateway (or the file) as queued; no part of it is made at delivery. */
async function deliverText(db: DB, row: Queued, o: Delivery) {
  try {
    await o.sms.send({ to: row.recipient, text: row.body });
  } catch (err) {
    await failed(db, row, err, o.log);
    return;
  }
  await db.updateTable('outbox').set({ status: 'sent', sent_at: sql`now()`, delivered_via: o.sms.via, last_error: null }).where('id', '=', row.id).execute();
  o.log(`[outbox] message ${row.id} (${row.kind}, text) ${o.sms.via === 'sms-gateway' ? 'sent to the SMS gateway' : `written to ${smsPath(o.config)}`}`);
}

/** A push (push/deliver.ts): the row's body is the inbox item's id, its recipient the user's; neither is logged but the row's id. */
async function deliverPushRow(db: DB, row: Queued, o: Delivery) {
  let outcome: PushOutcome;
  try {
    outcome = await deliverPush(db, o.config, Number(row.body), o.push);
  } catch (err) {
    await failed(db, row, err, o.log);
    return;
  }
  const forgotten = outcome.forgotten ? `; ${outcome.forgotten} device${outcome.forgotten === 1 ? '' : 's'} FCM no longer knows forgotten` : '';
  if (outcome.status === 'dropped') {
    await db.updateTable('outbox').set({ status: 'dropped', last_error: null }).where('id', '=', row.id).execute();
    o.log(`[outbox] message ${row.id} (${row.kind}, push) not sent: ${outcome.why}${forgotten}`);
    return;
  }
  await db.updateTable('outbox').set({ status: 'sent', sent_at: sql`now()`, delivered_via: 'fcm', last_error: null }).where('id', '=', row.id).execute();
  o.log(`[outbox] message ${row.id} (${row.kind}, push) sent to ${outcome.devices} device${outcome.devices === 1 ? '' : 's'}${forgotten}`);
}

/** A try that failed: queued again after a wait growing with each try, or given up after MAX_TRIES. */
async function failed(db: DB, row: Queued, err: unknown, log: (line: string) => void) {
  const giveUp = row.tries >= MAX_TRIES;
  const why = String((err as Error)?.message ?? err).slice(0, 500);
  await sql`update outbox set status = ${giveUp ? 'failed' : 'queued'}, last_error = ${why},
    next_try_at = now() + make_interval(secs => ${retryAfterSeconds(row.tries)}) where id = ${row.id}`.execute(db);
  outboxDeliveryFailures.inc();
  // The message by its id, never its address or number; the error's text may quote the address too (an SMTP refusal).
  log(`[outbox] message ${row.id} (${row.kind}${row.channel === 'mail' ? '' : row.channel === 'sms' ? ', text' : ', push'}) not delivered (try ${row.tries}${giveUp ? ', giving up' : ''}): ${scrub(why)}`);
}

const defaultLog = logLine;

let wakeSender: (() => void) | undefined;

/** The sender of this process: a pass every POLL_MS (and when woken); stop() waits for the pass under way. */
export function startMailSender(db: DB, config: Config, log: (line: string) => void = defaultLog): () => Promise<void> {
  let stopped = false;
  let current: Promise<void> | null = null;
  const pass = () => {
    if (stopped || current) return;
    current = (async () => {
      try {
        while (!stopped && (await deliverOutbox(db, config, { log })) === BATCH) { /* a full batch: there may be more */ }
      } catch (err) {
        log(`[outbox] sender: ${(err as Error).message}`);
      } finally {
        current = null;
      }
    })();
  };
  const timer = setInterval(pass, POLL_MS);
  timer.unref();
  wakeSender = pass;
  pass();
  return async () => {
    stopped = true;
    clearInterval(timer);
    if (wakeSender === pass) wakeSender = undefined;
    await current;
  };
}
