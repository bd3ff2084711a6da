import { randomBytes } from 'node:crypto';
import { can, canReadRecord, entityByName, INBOX_STREAM, RUNS_STREAM, type Role } from '../../registry';
import { scoped } from '../records/scope';
import type { Database } from '../db/connection';
import { CHANNEL, readNotice, type Change, type Presence } from './notices';

/** What a subscriber is told: the change without its centre (the filter's business, never the client's). */
export interface ChangeEvent { entity: string; id: number; version: number | null; action: string; at: string; by: number | null }

/** A change as this process numbered it: `seq` grows by one with each change heard. */
interface Numbered { seq: number; change: Change }

/**
 * Who listens on one stream. The hub hands it every change; the subscriber filters with mayHear in its own queue,
 * in order, so that a recheck of its session (a new centre of theirs, a role changed) applies to every change after
 * the one that caused it.
 */
export interface Subscriber {
  userId: number;
  /** A change heard, with its event id: told to the client if mayHear allows. */
  offer(id: string, change: Change): void;
  /** Changes were missed (a broken listening connection): everything in view is to be read again. */
  resync(): void;
  /** The user's sessions or account changed: the stream checks its session, and reads its role and centres again. */
  recheck(): void;
  /** Someone's presence on a record: told to the client if mayHear allows (never buffered: a heartbeat repeats it). */
  presence(p: Presence): void;
}

/** The change as a client may see it: without its centre. */
export function eventOf(change: Change): ChangeEvent {
  return { entity: change.entity, id: change.id, version: change.version, action: change.action, at: change.at, by: change.by };
}

/**
 * Whether `who` may hear of a change: the entity by role, as its records are read (canReadRecord), and a centre-scoped
 * role (fmc staff, doctors) a scoped entity's record only when it is one of their centres' (a record of no centre:
 * not theirs). The same rules as a read of the record (records/scope.ts inScope), with the centre the writer sent.
 */
export function mayHear(who: { role: Role; centres: readonly number[]; userId?: number }, change: Pick<Change, 'entity' | 'centre' | 'id'>): boolean {
  // A user's inbox changed (inbox/store.ts): told to that user alone.
  if (change.entity === INBOX_STREAM) return who.userId !== undefined && change.id === who.userId;
  // A scheduler's run moved (scheduler/runs.ts): told to who may watch runs.
  if (change.entity === RUNS_STREAM) return can(who.role, 'runs', 'list');
  const def = entityByName(change.entity);
  if (!def || !readable(who.role, def.name)) return false;
  if (!scoped(def, who)) return true;
  return change.centre !== null && who.centres.includes(change.centre);
}

/** canReadRecord by role and entity, settled once: the registry does not change while the process runs. */
const readableBy = new Map<Role, Map<string, boolean>>();
function readable(role: Role, entity: string): boolean {
  let byEntity = readableBy.get(role);
  if (!byEntity) readableBy.set(role, (byEntity = new Map()));
  let may = byEntity.get(entity);
  if (may === undefined) byEntity.set(entity, (may = canReadRecord(role, entity)));
  return may;
}

export interface HubOptions {
  /** Changes kept for a reconnect's Last-Event-ID; one further back is answered `resync`. */
  bufferSize?: number;
}

/**
 * The change stream of one process: it listens on the database's channel (Database.listen: in-process on the
 * embedded database, LISTEN/NOTIFY between processes on PostgreSQL), numbers each change it hears, keeps the last
 * `bufferSize` for reconnects, and hands each to the subscribers who may read it. Event ids are `<process>-<seq>`:
 * seq grows by one with each change; the process part tells a reconnect to another process (or after a restart),
 * whose numbers mean nothing here, to read everything again.
 */
export class ChangeHub {
  readonly instance = randomBytes(4).toString('hex');
  private seq = 0;
  /** The seq heard last before the listening connection last broke: a reconnect from there or before may have missed some. */
  private lostAt = -1;
  private buffer: Numbered[] = [];
  private readonly subscribers = new Set<Subscriber>();
  private readonly bufferSize: number;
  private started: Promise<void> | null = null;

  constructor(private readonly database: Pick<Database, 'listen'>, opts: HubOptions = {}) {
    this.bufferSize = opts.bufferSize ?? 1000;
  }

  /** Starts listening (once); every subscription waits for it, so nothing committed after a subscription is missed. */
  start(): Promise<void> {
    // Listening lasts as long as the database: closing it ends the listener.
    this.started ??= this.database.listen(CHANNEL, (p) => this.heard(p), () => this.lost()).then(() => {}, (err) => {
      this.started = null;
      throw err;
    });
    return this.started;
  }

  /** The id of the latest change heard (what a stream opened now has seen). */
  get lastId(): string { return this.idOf(this.seq); }

  private idOf(seq: number) { return `${this.instance}-${seq}`; }

  /** The changes after `lastEventId`, oldest first; null when they cannot all be told (another process's id, too old). */
  since(lastEventId: string): Numbered[] | null {
    const m = /^([0-9a-f]+)-(\d+)$/.exec(lastEventId.trim());
    if (!m || m[1] !== this.instance) return null;
    const after = Number(m[2]);
    if (after > this.seq) return null;
    if (after <= this.lostAt) return null;
    const first = this.buffer[0]?.seq ?? this.seq + 1;
    if (after + 1 < first) return null;
    return this.buffer.filter((n) => n.seq > after);
  }

  /**
   * Subscribes `sub`; with `lastEventId`, first what it missed (that it may read) or, when that cannot be told, a
   * resync. Returns how to unsubscribe.
   */
  subscribe(sub: Subscriber, lastEventId?: string): () => void {
    if (lastEventId !== undefined) {
      const missed = this.since(lastEventId);
      if (missed === null) sub.resync();
      else for (const n of missed) this.tell(sub, n);
    }
    this.subscribers.add(sub);
    return () => { this.subscribers.delete(sub); };
  }

  private tell(sub: Subscriber, n: Numbered, id = this.idOf(n.seq)) {
    sub.offer(id, n.change);
  }

  private heard(payload: string) {
    const notice = readNotice(payload);
    if (!notice) return;
    if (notice.kind === 'sessions') {
      for (const sub of this.subscribers) if (notice.users.includes(sub.userId)) sub.recheck();
      return;
    }
    if (notice.kind === 'presence') {
      for (const sub of this.subscribers) sub.presence(notice.presence);
      return;
    }
    const n = { seq: ++this.seq, change: notice.change };
    this.buffer.push(n);
    if (this.buffer.length > this.bufferSize) this.buffer.splice(0, this.buffer.length - this.bufferSize);
    const id = this.idOf(n.seq);
    const account = n.change.entity === 'admin-user' ? n.change.id : null;
    for (const sub of this.subscribers) {
      // A change to the user's own account (a role, their centres, disabled) may change what they may hear.
      if (account === sub.userId) sub.recheck();
      this.tell(sub, n, id);
    }
  }

  /** The listening connection broke: what was committed meanwhile is unknown, so nothing before now can be replayed. */
  private lost() {
    this.lostAt = this.seq;
    this.buffer = [];
    for (const sub of this.subscribers) sub.resync();
  }
}

const hubs = new WeakMap<object, ChangeHub>();

/** The hub of a database: one per process and database, whatever the number of apps on it. */
export function hubOf(database: Pick<Database, 'listen'>, opts?: HubOptions): ChangeHub {
  let hub = hubs.get(database);
  if (!hub) hubs.set(database, (hub = new ChangeHub(database, opts)));
  return hub;
}
