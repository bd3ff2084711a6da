import { z } from 'zod';
import { can, canReadRecord, ENTITIES, inputSchema, mayCreate, mayMove, ROLES, type EntityDef, type Role } from '../registry';
import { callDocOf, type CallDoc } from './http/call-docs';
import { transitionBody } from './crud/transition';
import { undoBody, UNDO_WINDOW_MINUTES } from './crud/transition-undo';
import { BULK_MAX, bulkBody } from './crud/bulk';
import { revertBody } from './routes/audit-trail';

/**
 * The API described as OpenAPI 3.1 (`GET /api/openapi.json`), made from what the server serves and what the registry
 * says: every route the app answers (its paths and methods, read off the router, so a route cannot be left out), the
 * entity calls' bodies from the same zod schemas the server validates with, their query parameters, and who may call
 * them (`x-roles`, from the policy), and every call's answers: its success with the schema of its body, and the
 * refusals it gives. Bespoke calls are described beside their routes (http/call-docs.ts), from zod schemas there.
 */
export interface ServedRoute { method: string; path: string }

type Schema = Record<string, unknown>;

const ERROR_SCHEMA: Schema = {
  type: 'object',
  required: ['errors'],
  properties: {
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['message'],
        properties: { message: { type: 'string' }, field: { type: 'string' }, code: { type: 'string' }, expired: { type: 'boolean' }, detail: { type: 'string' } },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
};

/**
 * A record as the server answers it: its id and version, its fields, and `_labels` (the titles of the records its
 * references name, for display). Its fields differ by entity and by who reads (write-only fields never leave), so they
 * are open here; the id, version and labels are what every client relies on.
 */
const LABELS_SCHEMA: Schema = {
  type: 'object',
  additionalProperties: {
    anyOf: [
      { type: ['string', 'null'] },
      { type: 'array', items: { anyOf: [{ type: ['string', 'null'] }, { $ref: '#/components/schemas/Labels' }] } },
    ],
  },
};

const RECORD_SCHEMA: Schema = {
  type: 'object',
  required: ['id'],
  properties: {
    id: { type: 'integer' },
    version: { type: 'integer' },
    // records/labels.ts: a reference's title, a list of references' titles in order, or for a nested list one object per
    // item, its references' titles by field.
    _labels: { $ref: '#/components/schemas/Labels' },
  },
};

/** GET /api/{resource}: a page, its count (an estimate past the cap, flagged), and the next page's cursor. */
const LIST_PAGE_SCHEMA: Schema = {
  type: 'object',
  required: ['data', 'total', 'nextCursor'],
  properties: {
    data: { type: 'array', items: { $ref: '#/components/schemas/Record' } },
    total: { type: 'integer', minimum: 0 },
    totalIsEstimate: { const: true },
    nextCursor: { type: ['string', 'null'] },
  },
  additionalProperties: false,
};

const OPTIONS_SCHEMA: Schema = {
  type: 'object',
  required: ['data'],
  properties: { data: { type: 'array', items: { type: 'object', required: ['id', 'title'], properties: { id: { type: 'integer' }, title: { type: 'string' }, subtitle: { type: 'string' } } } } },
  additionalProperties: false,
};

const HISTORY_SCHEMA: Schema = {
  type: 'object',
  required: ['data'],
  properties: {
    data: {
      type: 'array',
      items: {
        type: 'object',
        required: ['from', 'to', 'at'],
        properties: { from: { type: ['string', 'null'] }, to: { type: 'string' }, reason: { type: ['string', 'null'] }, at: { type: 'string' }, actorId: { type: ['integer', 'null'] }, actor: { type: ['string', 'null'] }, undo: { type: 'boolean' } },
      },
    },
  },
  additionalProperties: false,
};

/** Each record's outcome of a bulk action or its undo, and the action's id (what its undo names). */
const BULK_SCHEMA: Schema = {
  type: 'object', required: ['id', 'results'], additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    results: {
      type: 'array',
      items: {
        type: 'object', required: ['id', 'status', 'message'], additionalProperties: false,
        properties: { id: { type: 'integer' }, status: { enum: ['done', 'conflict', 'refused', 'in_use'] }, message: { type: 'string' }, code: { type: 'string' } },
      },
    },
  },
};

const dataOf = (schema: Schema): Schema => ({ type: 'object', required: ['data'], properties: { data: schema }, additionalProperties: false });
const RECORD_ANSWER = dataOf({ $ref: '#/components/schemas/Record' });
const DELETED_ANSWER = dataOf({ type: 'object', required: ['deleted'], properties: { deleted: { const: true } }, additionalProperties: false });

/** The import's answers (crud/import-routes.ts): a row's issue, the dry run, the file's columns, a run's state. */
const IMPORT_ISSUE: Schema = { type: 'object', required: ['row', 'field', 'message'], properties: { row: { type: 'integer', minimum: 2 }, field: { type: ['string', 'null'] }, message: { type: 'string' } } };
const count = { type: 'integer', minimum: 0 };
const DRY_RUN_ANSWER = dataOf({
  type: 'object', required: ['add', 'update', 'skip', 'errors', 'header', 'rows'], additionalProperties: false,
  properties: {
    add: count, update: count, skip: count, errors: { type: 'array', items: IMPORT_ISSUE }, header: { type: 'array', items: { type: 'string' } },
    rows: { type: 'array', maxItems: 200, items: { type: 'object', required: ['row', 'cells'], properties: { row: { type: 'integer' }, cells: { type: 'array', items: { type: 'string' } } } } },
  },
});
const COLUMNS_ANSWER = dataOf({
  type: 'object', required: ['columns', 'rows'], additionalProperties: false,
  properties: { rows: count, columns: { type: 'array', items: { type: 'object', required: ['header', 'field'], properties: { header: { type: 'string' }, field: { type: ['string', 'null'] } } } } },
});
const IMPORT_STARTED = dataOf({ type: 'object', required: ['id'], properties: { id: { type: 'integer' } }, additionalProperties: false });
const IMPORT_RUN = dataOf({
  type: 'object', required: ['id', 'entity', 'state', 'total', 'done', 'added', 'updated', 'skipped', 'failed', 'createdAt', 'errors'],
  properties: {
    id: { type: 'integer' }, entity: { type: 'string' }, state: { enum: ['running', 'stopping', 'stopped', 'done', 'interrupted', 'undone'] },
    total: count, done: count, added: count, updated: count, skipped: count, failed: count, createdAt: { type: 'string' },
    errors: { type: 'array', maxItems: 200, items: IMPORT_ISSUE },
  },
});

/** What a refusal of each status means; every one has the error shape. */
const REFUSALS: Record<number, string> = {
  400: 'The input is refused: one item per field, with what to mend',
  401: 'No session, or it ended',
  403: 'The role may not do this, or not to this value (or, signed in without the second factor the role needs, anything but setting one up)',
  404: 'No such record, or not one the caller may see',
  409: "The record's state refuses it (changed since it was read, a move not allowed now, a value taken)",
  413: 'The body is larger than the call takes',
  415: 'The body is not of a type the call reads',
  429: 'Too many calls: wait for Retry-After seconds',
  503: 'A service the call needs cannot be reached, or the console is stopping: try again in a moment',
  // Never for an input: a fault of the server or its database (a write refused by a trigger, a lost connection).
  500: 'The server failed, not the input: try again later',
};

const jsonSchema = (schema: z.ZodType): Schema => {
  const out = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as Schema;
  delete out.$schema;
  return out;
};

/** Whether some entity gives its records to records of `name` (FieldDef.assigned): its picker then takes `for` and `centre`. */
const givenThrough = (name: string) => ENTITIES.some((e) => Object.values(e.fields).some((fd) => fd.assigned && fd.ref === name));

const rolesWhere = (test: (role: Role) => boolean) => ROLES.filter(test);

interface Described {
  summary: string;
  roles?: Role[];
  body?: Schema;
  query?: string[];
  /** The success: its status and body (a JSON schema, or the media type of a file or stream). */
  ok?: { status: number; schema?: Schema; type?: string | readonly string[] };
  /** Another success of the same call (an import's dry run answers 200, the import itself 202). */
  also?: { status: number; schema: Schema };
  /** A refusal not of the error shape: JSON of its own schema, or text. */
  otherwise?: { status: number; description: string; schema?: Schema; type?: string };
  /** The body is a file (CSV or .xlsx, unless its media types are named), not JSON. */
  file?: true | readonly string[];
  /** The refusals this call gives besides 400, 401 and 403 (a signed-in call), 413 and 415 (a call with a body). */
  refuses?: number[];
  textIds?: true;
}

/** The move body of an entity: `to` is one of the statuses its moves reach. */
function movesOf(def: EntityDef, body: Schema): Schema {
  const to = [...new Set((def.workflow?.transitions ?? []).map((m) => m.to))];
  const properties = body.properties as Record<string, Schema>;
  return { ...body, properties: { ...properties, to: { ...properties.to, enum: to } } };
}

/** What a call on an entity's address does, by its method and what follows the entity's address. */
function entityCall(def: EntityDef, method: string, rest: string): Described | null {
  const name = def.name;
  const read = () => rolesWhere((r) => canReadRecord(r, name));
  switch (`${method} ${rest}`) {
    case 'GET ': return { summary: `List ${name}: a page, searched, sorted and filtered`, roles: rolesWhere((r) => can(r, name, 'list')), query: ['q', 'sort', 'cursor', 'limit', 'filter[{field}]'], ok: { status: 200, schema: { $ref: '#/components/schemas/ListPage' } }, refuses: [403] };
    case 'POST ': return { summary: `Add a ${name} record`, roles: rolesWhere((r) => mayCreate(r, name)), body: jsonSchema(inputSchema(def, 'create')), ok: { status: 201, schema: RECORD_ANSWER }, refuses: [403, 404, 409] };
    case 'GET /{id}': return { summary: `One ${name} record`, roles: read(), ok: { status: 200, schema: RECORD_ANSWER }, refuses: [400, 403, 404] };
    case 'PUT /{id}': return { summary: `Edit a ${name} record (with its version)`, roles: rolesWhere((r) => can(r, name, 'edit')), body: jsonSchema(inputSchema(def, 'update')), ok: { status: 200, schema: RECORD_ANSWER }, refuses: [403, 404, 409] };
    case 'DELETE /{id}': return { summary: `Delete a ${name} record (to the trash)`, roles: rolesWhere((r) => can(r, name, 'delete')), ok: { status: 200, schema: DELETED_ANSWER }, refuses: [400, 403, 404, 409] };
    case 'POST /{id}/restore': return { summary: `Undo the delete of a ${name} record`, roles: rolesWhere((r) => can(r, name, 'delete')), ok: { status: 200, schema: RECORD_ANSWER }, refuses: [400, 403, 404, 409] };
    case 'GET /options': return { summary: `Titles of ${name} records for a picker`, query: ['q', 'ids', 'limit', ...(def.workflow ? ['status'] : []), 'referredBy', ...(givenThrough(name) ? ['for', 'centre'] : [])], ok: { status: 200, schema: OPTIONS_SCHEMA }, refuses: [403, 429] };
    case 'GET /export': return { summary: `The list as CSV`, roles: rolesWhere((r) => can(r, name, 'list')), query: ['q', 'sort', 'filter[{field}]', 'columns', 'header', 'ids'], ok: { status: 200, type: 'text/csv' }, refuses: [403] };
    case 'POST /{id}/transition':
      return { summary: `Move a ${name} record's status`, roles: rolesWhere((r) => (def.workflow?.transitions ?? []).some((m) => mayMove(r, def, m))), body: movesOf(def, jsonSchema(transitionBody)), ok: { status: 200, schema: RECORD_ANSWER }, refuses: [403, 404, 409] };
    case 'POST /{id}/transition/undo':
      return {
        summary: `Undo the newest move of a ${name} record (body: the version the move produced): only by whoever made it, within ${UNDO_WINDOW_MINUTES} minutes, never an irreversible move`,
        roles: rolesWhere((r) => (def.workflow?.transitions ?? []).some((m) => mayMove(r, def, m))), body: jsonSchema(undoBody),
        ok: { status: 200, schema: RECORD_ANSWER }, refuses: [403, 404, 409],
      };
    case 'POST /import': {
      const who = rolesWhere((r) => mayCreate(r, name) && can(r, name, 'add'));
      return {
        summary: `Import ${name} records from a CSV or .xlsx file (the body; the mapping of columns to fields as JSON in \`mapping\` or X-Import-Mapping): with dryRun=1 every row judged and nothing written (200); else the import starts in batches (202, its id)`,
        roles: who, file: true, query: ['dryRun', 'mapping'], ok: { status: 202, schema: IMPORT_STARTED }, also: { status: 200, schema: DRY_RUN_ANSWER }, refuses: [403, 415],
      };
    }
    case 'POST /import/columns':
      return { summary: `The columns of a file to import as ${name} records, and the field each is matched to; nothing judged`, roles: rolesWhere((r) => mayCreate(r, name) && can(r, name, 'add')), file: true, query: ['mapping'], ok: { status: 200, schema: COLUMNS_ANSWER }, refuses: [403, 415] };
    case 'POST /bulk':
      return {
        summary: `Set one field on many ${name} records, or delete many (by ids, or every record a list query matches, up to ${BULK_MAX}): each record through its own edit or delete, said per record; the answer's id undoes the whole action`,
        roles: rolesWhere((r) => can(r, name, 'edit') || can(r, name, 'delete')), body: jsonSchema(bulkBody),
        ok: { status: 200, schema: dataOf({ $ref: '#/components/schemas/BulkAction' }) }, refuses: [403, 404, 409],
      };
    case 'POST /{id}/revert':
      return {
        summary: `Put a ${name} record's fields back as they were before one edit of the audit trail (body: that entry and the record's version), as a new audited edit; a recent proof of identity is asked for`,
        roles: rolesWhere((r) => can(r, 'history', 'revert') && can(r, name, 'edit')), body: jsonSchema(revertBody), ok: { status: 200, schema: RECORD_ANSWER }, refuses: [403, 404, 409],
      };
    case 'GET /{id}/history': return { summary: `The status history of a ${name} record`, roles: read(), ok: { status: 200, schema: HISTORY_SCHEMA }, refuses: [400, 403, 404] };
    default: return null;
  }
}

/** The entity whose address a path starts with (the longest: `payment` and `payment/doctor` are two). */
function entityOf(path: string): { def: EntityDef; rest: string } | null {
  let best: { def: EntityDef; rest: string } | null = null;
  for (const def of ENTITIES) {
    const base = `/api/${def.api}`;
    if ((path === base || path.startsWith(`${base}/`)) && (!best || def.api.length > best.def.api.length)) best = { def, rest: path.slice(base.length) };
  }
  return best;
}

/** Calls that are no entity's, with a body or a summary worth more than their address. */
function otherCall(method: string, template: string): Described | null {
  switch (`${method} ${template}`) {
    case 'POST /api/bulk/{id}/undo':
      return {
        summary: `Undo a whole bulk action, by whoever made it, within ${UNDO_WINDOW_MINUTES} minutes: a record changed since is left as it is and said as a conflict`,
        roles: [...ROLES], ok: { status: 200, schema: dataOf({ $ref: '#/components/schemas/BulkAction' }) }, refuses: [404, 409],
      };
    case 'GET /api/imports/{id}': return { summary: 'An import as it runs: its state and counts, and the first 200 rows refused (its starter or a superadmin)', roles: [...ROLES], ok: { status: 200, schema: IMPORT_RUN }, refuses: [404] };
    case 'POST /api/imports/{id}/stop': return { summary: 'Stop an import after the batch under way (the batches written stay)', roles: [...ROLES], ok: { status: 200, schema: IMPORT_RUN }, refuses: [404] };
    case 'GET /api/imports/{id}/result': return { summary: 'The imported file with an "error" column: the reasons of each row that failed', roles: [...ROLES], ok: { status: 200, type: 'text/csv' }, refuses: [404] };
    case 'POST /api/imports/{id}/undo': return { summary: `Undo a whole import within ${UNDO_WINDOW_MINUTES} minutes: the records it added go to the trash`, roles: [...ROLES], ok: { status: 200, schema: IMPORT_RUN }, refuses: [403, 404, 409] };
    default: {
      const doc = callDocOf(method, template);
      return doc ? described(doc) : null;
    }
  }
}

/** A call described beside its route (http/call-docs.ts), in this file's terms: its answers' schemas made JSON schemas. */
function described(doc: CallDoc): Described {
  const answer = (schema: z.ZodType) => jsonSchema(schema);
  return {
    summary: doc.summary, roles: doc.roles ? [...doc.roles] : undefined, body: doc.body ? jsonSchema(doc.body) : undefined, file: doc.file, query: doc.query ? [...doc.query] : undefined,
    ok: 'schema' in doc.ok ? { status: doc.ok.status, schema: answer(doc.ok.schema) } : 'type' in doc.ok ? { status: doc.ok.status, type: doc.ok.type } : { status: doc.ok.status },
    also: doc.also ? { status: doc.also.status, schema: answer(doc.also.schema) } : undefined,
    otherwise: !doc.otherwise ? undefined : 'schema' in doc.otherwise ? { ...doc.otherwise, schema: answer(doc.otherwise.schema) } : doc.otherwise,
    refuses: doc.refuses ? [...doc.refuses] : undefined, textIds: doc.textIds,
  };
}

const toTemplate = (path: string) => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)(\{[^}]*\})?/g, '{$1}');

/** The routes an application answers, from Hono's router: middleware (`ALL`) and catch-alls left out. */
export function servedRoutes(routes: readonly { method: string; path: string }[]): ServedRoute[] {
  const seen = new Set<string>();
  const out: ServedRoute[] = [];
  for (const r of routes) {
    if (r.method === 'ALL' || r.path.includes('*')) continue;
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ method: r.method, path: r.path });
  }
  return out;
}

/** A name for each call, from its method and address: `GET /api/specialist/{id}` → `getSpecialistById`. */
function operationIdOf(method: string, template: string): string {
  const words = template.replace(/^\/api\//, '').split(/[^A-Za-z0-9{}]+/).filter(Boolean)
    .map((w) => (w.startsWith('{') ? `By${w.slice(1, -1)}` : w))
    .map((w) => w[0].toUpperCase() + w.slice(1));
  return method.toLowerCase() + words.join('');
}

/** The tag of a call that is no entity's: the first word of its address (`/api/me/…` → `me`). */
const tagOf = (template: string) => template.replace(/^\/api\//, '').split('/')[0] || 'console';

/** A file sent as the body: CSV text or an Excel workbook. */
const FILE_BODY = { 'text/csv': { schema: { type: 'string' } }, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string', contentEncoding: 'binary' } } };

const fileBody = (types: readonly string[]) => Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', contentEncoding: 'binary' } }]));
const jsonContent = (schema: Schema) => ({ 'application/json': { schema } });
const refusal = (status: number) => ({ description: REFUSALS[status], content: jsonContent({ $ref: '#/components/schemas/Errors' }) });

/** The answers of a call: its success and the refusals it gives (a bespoke call: some 4xx, with the error shape). */
function responsesOf(described: Described | null, hasBody: boolean, isPublic: boolean): Schema {
  // Undescribed, a call has no success here: tests/api/openapi.test.ts fails on it, naming the call.
  const statuses = new Set([400, ...(isPublic ? [] : [401, 403]), ...(hasBody ? [413, 415] : []), ...(described?.refuses ?? []), 500]);
  const refusals = Object.fromEntries([...statuses].sort((a, b) => a - b).map((s) => [s, refusal(s)]));
  if (!described?.ok) return refusals;
  const { ok } = described;
  const success = ok.status === 204 ? { description: 'Done: nothing to answer' } : ok.type
    ? { description: 'Done', content: Object.fromEntries([ok.type].flat().map((type) => [type, { schema: { type: 'string' } }])) }
    : { description: 'Done', content: jsonContent(ok.schema ?? {}) };
  const also = described.also ? { [described.also.status]: { description: 'Done', content: jsonContent(described.also.schema) } } : {};
  const other = described.otherwise;
  const otherwise = other
    ? { [other.status]: { description: other.description, content: other.schema ? jsonContent(other.schema) : { [other.type ?? 'text/plain']: { schema: { type: 'string' } } } } }
    : {};
  return { [ok.status]: success, ...also, ...refusals, ...otherwise };
}

/** `isPublic`: whether a call needs no session (app.ts says which). */
export function openApiDocument(routes: readonly ServedRoute[], isPublic: (path: string) => boolean = () => false): Schema {
  const paths: Record<string, Record<string, Schema>> = {};
  const ids = new Set<string>();
  const tags = new Set<string>();
  for (const route of routes) {
    const template = toTemplate(route.path);
    const params = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    const found = entityOf(template);
    // A bespoke call under an entity's address (a patient's timeline, an invoice's PDF) is described beside its route.
    const described = (found && entityCall(found.def, route.method, found.rest)) ?? otherCall(route.method, template);
    // Outside /api (probes, metrics, the push worker) no session is asked for: those calls check what they need themselves.
    const open = isPublic(template) || !template.startsWith('/api/');
    let operationId = operationIdOf(route.method, template);
    while (ids.has(operationId)) operationId += '_';
    ids.add(operationId);
    const tag = found ? found.def.name : tagOf(template);
    tags.add(tag);
    const op: Schema = {
      operationId,
      summary: described?.summary ?? `${route.method} ${template}`,
      tags: [tag],
      ...(open ? { security: [] } : {}),
      parameters: [
        ...params.map((name) => ({ name, in: 'path', required: true, schema: { type: name === 'id' && !described?.textIds ? 'integer' : 'string' } })),
        ...(described?.query ?? []).map((name) => ({ name, in: 'query', required: false, schema: { type: 'string' } })),
      ],
      ...(described?.body ? { requestBody: { required: true, content: jsonContent(described.body) } } : {}),
      ...(described?.file ? { requestBody: { required: true, content: described.file === true ? FILE_BODY : fileBody(described.file) } } : {}),
      responses: responsesOf(described, !!described?.body || !!described?.file, open),
      ...(described?.roles ? { 'x-roles': described.roles } : {}),
    };
    (paths[template] ??= {})[route.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Health staff console API',
      version: '1',
      description: 'The API of the staff console: every call the server answers, read off its router. Entity calls are generated from the registry (one tag per entity); `x-roles` names the roles the policy lets call each.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/', description: 'The console that serves this document' }],
    tags: [...tags].sort().map((name) => ({ name, description: ENTITIES.some((e) => e.name === name) ? `The ${name} records` : `The ${name} calls` })),
    components: {
      schemas: { Errors: ERROR_SCHEMA, Labels: LABELS_SCHEMA, Record: RECORD_SCHEMA, ListPage: LIST_PAGE_SCHEMA, BulkAction: BULK_SCHEMA },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
    security: [{ bearer: [] }],
    paths,
  };
}
