import { sql } from 'kysely';
import { entityByName, getEntity } from '../../registry';
import type { DB } from '../db/connection';
import type { Entry } from '../audit/audit';
import { fetchRecord } from '../crud/write';
import { enqueue } from '../scheduler/runs';
import { RULE_JOB, ruleRunsKeyPrefix } from '../scheduler/job-names';
import { meetsConditions, type Condition } from './conditions';

/**
 * The rules' watcher (issue 37 §4): told every audit entry in the transaction that writes it (server/readers.ts
 * subscribes it at start), it finds the switched-on rules a created record or a move meets, and queues one run of
 * RULE_JOB per rule and record version, in that same transaction: a write rolled back queues nothing, a committed one
 * never loses its rule's run, and a cause told twice is one run (the scheduler's key). The run then tells the people
 * (run.ts), so a write never waits for mail, SMS or a slow rule.
 *
 * Reads are most entries (every read of patient data is audited): they are dropped before any query.
 */

interface Rule { id: number; entity: string; when: 'created' | 'moved'; status: string | null; conditions: Condition[] | null }

const causeOf = (e: Entry): 'created' | 'moved' | null =>
  e.action === 'create' ? 'created' : typeof e.action === 'string' && e.action.startsWith('transition:') ? 'moved' : null;

export async function rulesFromEntries(db: DB, entries: readonly Entry[]): Promise<void> {
  const causes = entries.filter((e) => e.recordId && e.entity !== 'automation' && causeOf(e) && entityByName(e.entity));
  if (!causes.length) return;
  const rules = (await sql<Rule>`select id, entity, "when", status, conditions from automation_rule
    where enabled and entity = any(${[...new Set(causes.map((e) => e.entity))]}::text[])`.execute(db)).rows;
  if (!rules.length) return;
  for (const e of causes) {
    const cause = causeOf(e)!;
    const matching = rules.filter((r) => r.entity === e.entity && r.when === cause);
    if (!matching.length) continue;
    const def = getEntity(e.entity);
    const record = await fetchRecord(db, def, Number(e.recordId));
    if (!record) continue;
    for (const rule of matching) {
      if (cause === 'moved' && (!def.workflow || record[def.workflow.field] !== rule.status)) continue;
      if (!meetsConditions(def, record, rule.conditions ?? [])) continue;
      await enqueue(db, {
        job: RULE_JOB,
        key: `${ruleRunsKeyPrefix(rule.id)}${e.entity}:${String(e.recordId)}:v${String(record.version)}`,
        dueAt: new Date(),
        payload: { rule: rule.id, entity: e.entity, record: Number(e.recordId) },
      });
    }
  }
}
