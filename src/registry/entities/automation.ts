import { z } from 'zod';
import type { EntityDef } from '../entity';
import { defineEntity } from '../entity';
import { f } from '../fields';

/**
 * A rule (issue 37 §4, a small Flows): when a record of `entity` is created, or moves to `status`, and its fields meet
 * every condition, tell someone: roles' staff, the record's centre's staff, the record's patient or its doctor, or one
 * named person; through the inbox (with a push to their devices), mail or SMS; with `message`, whose
 * `{field}` places are filled from the record. Data, not code: a superadmin writes it as any other record, switches it
 * off with `enabled`, and sees when it last ran on it (`lastRunAt`, `runs`: the sender's, server/automation/) and, under
 * it, its last runs themselves (client/record/rule-runs.tsx).
 *
 * Made from the entities it may watch (entities/index.ts), so the pickers and the checks follow the registry: a rule
 * names an entity, a status and fields that exist.
 */
export const CONDITION_OPS = ['is', 'isNot', 'contains', 'atLeast', 'atMost', 'isEmpty', 'isNotEmpty'] as const;
export const RULE_TARGETS = ['roles', 'centre', 'patients', 'doctors', 'person'] as const;
export const RULE_CHANNELS = ['inbox', 'email', 'sms'] as const;
/** The `{field}` places of a message. */
export const TEMPLATE_PLACE = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

export function automationEntity(watched: readonly EntityDef[]): EntityDef {
  const names = watched.map((d) => d.name) as [string, ...string[]];
  const byName = new Map(watched.map((d) => [d.name, d]));
  const statuses = [...new Set(watched.flatMap((d) => (d.workflow ? d.fields[d.workflow.field]?.values ?? [] : [])))] as [string, ...string[]];
  return defineEntity({
    name: 'automation',
    api: 'automation',
    table: 'automation_rule',
    fields: {
      name: f.text({ required: true, max: 120, sortable: true, searchable: true, unique: true }),
      entity: f.enum(names, { required: true, sortable: true, namesOthers: true }),
      when: f.enum(['created', 'moved'], { required: true }),
      status: f.enum(statuses, { namesOthers: true }),
      conditions: f.list({
        field: f.text({ required: true, max: 60 }),
        op: f.enum(CONDITION_OPS, { required: true }),
        value: f.text({ max: 200 }),
      }, { max: 10 }),
      notify: f.enum(RULE_TARGETS, { required: true }),
      roles: f.refs('roles'),
      person: f.ref('admin-user'),
      channel: f.enum(RULE_CHANNELS, { required: true }),
      message: f.longText({ required: true, max: 1000 }),
      enabled: f.bool({ sortable: true }),
      lastRunAt: f.datetime({ server: 'progress', sortable: true }),
      runs: f.int({ server: 'progress' }),
    },
    titleFields: ['name'],
    subtitleFields: ['entity', 'when'],
    columns: ['name', 'entity', 'when', 'status', 'channel', 'enabled', 'lastRunAt'],
    defaultSort: { field: 'name', dir: 'asc' },
    nav: { group: 'campaigns', order: 20 },
    refine: (v, ctx) => checkRule(v, ctx, byName),
  });
}

function checkRule(v: Record<string, unknown>, ctx: z.RefinementCtx, byName: ReadonlyMap<string, EntityDef>) {
  const watched = typeof v.entity === 'string' ? byName.get(v.entity) : undefined;
  if (!watched) return;
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', message, path });
  if (v.when === 'moved') {
    const wf = watched.workflow;
    if (!wf) issue(['when'], 'This kind of record has no statuses: choose "A record is created"');
    else if (!v.status) issue(['status'], 'Choose the status it moves to');
    else if (!(watched.fields[wf.field]?.values ?? []).includes(String(v.status))) issue(['status'], 'This kind of record has no such status');
  }
  const conditions = Array.isArray(v.conditions) ? (v.conditions as Record<string, unknown>[]) : [];
  conditions.forEach((c, i) => {
    const fd = watched.fields[String(c?.field)];
    if (!fd || fd.writeOnly || fd.kind === 'password' || fd.kind === 'secret') issue(['conditions', i, 'field'], 'This kind of record has no such field');
    else if (!['isEmpty', 'isNotEmpty'].includes(String(c.op)) && (c.value === undefined || c.value === null || c.value === '')) issue(['conditions', i, 'value'], 'Enter the value to compare with');
  });
  if (v.notify === 'roles' && !(Array.isArray(v.roles) && v.roles.length)) issue(['roles'], 'Choose at least one role');
  if (v.notify === 'person' && !v.person) issue(['person'], 'Choose the person');
  if (v.notify === 'centre' && !watched.scope) issue(['notify'], 'This kind of record belongs to no centre');
  for (const [target, entity] of [['patients', 'patients'], ['doctors', 'doctor']] as const) {
    if (v.notify === target && watched.name !== entity && !Object.values(watched.fields).some((fd) => fd.kind === 'ref' && fd.ref === entity)) issue(['notify'], 'This kind of record names no such person');
  }
  for (const m of String(v.message ?? '').matchAll(TEMPLATE_PLACE)) {
    if (!(m[1] in watched.fields) && m[1] !== 'id') issue(['message'], `{${m[1]}} is not a field of this kind of record`);
  }
}
