import { z } from 'zod';
import { can, canReadRecord, ENTITIES, inputSchema, mayCreate, mayMove, ROLES, savedViewCreate, savedViewUpdate, type EntityDef, type Role } from '../registry';
import { transitionBody } from './crud/transition';
import { undoBody, UNDO_WINDOW_MINUTES } from './crud/transition-undo';

/**
 * The API described as OpenAPI 3.1 (`GET /api/openapi.json`), made from what the server serves and what the registry
 * says: every route the app answers (its paths and methods, read off the router, so a route cannot be left out), the
 * entity calls' bodies from the same zod schemas the server validates with, their query parameters, and who may call
 * them (`x-roles`, from the policy). Bespoke calls are listed with their parameters; their bodies are described in
 * their own files.
 */
export interface ServedRoute { method: string; path: string }

type Schema = Record<string, unknown>;

const ERROR_SCHEMA: Schema = {
  type: 'object',
  required: ['errors'],
  properties: {
    errors: {
      type: 'array',
      items: { type: 'object', required: ['message'], properties: { message: { type: 'string' }, field: { type: 'string' }, code: { type: 'string' } } },
    },
  },
};

const jsonSchema = (schema: z.ZodType): Schema => {
  const out = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as Schema;
  delete out.$schema;
  return out;
};

/** Whether some entity gives its records to records of `name` (FieldDef.assigned): its picker then takes `for` and `centre`. */
const givenThrough = (name: string) => ENTITIES.some((e) => Object.values(e.fields).some((fd) => fd.assigned && fd.ref === name));

const rolesWhere = (test: (role: Role) => boolean) => ROLES.filter(test);

interface Described { summary: string; roles?: Role[]; body?: Schema; query?: string[] }

/** What a call on an entity's address does, by its method and what follows the entity's address. */
function entityCall(def: EntityDef, method: string, rest: string): Described | null {
  const name = def.name;
  const read = () => rolesWhere((r) => canReadRecord(r, name));
  switch (`${method} ${rest}`) {
    case 'GET ': return { summary: `List ${name}: a page, searched, sorted and filtered`, roles: rolesWhere((r) => can(r, name, 'list')), query: ['q', 'sort', 'cursor', 'limit', 'filter[{field}]'] };
    case 'POST ': return { summary: `Add a ${name} record`, roles: rolesWhere((r) => mayCreate(r, name)), body: jsonSchema(inputSchema(def, 'create')) };
    case 'GET /{id}': return { summary: `One ${name} record`, roles: read() };
    case 'PUT /{id}': return { summary: `Edit a ${name} record (with its version)`, roles: rolesWhere((r) => can(r, name, 'edit')), body: jsonSchema(inputSchema(def, 'update')) };
    case 'DELETE /{id}': return { summary: `Delete a ${name} record (to the trash)`, roles: rolesWhere((r) => can(r, name, 'delete')) };
    case 'POST /{id}/restore': return { summary: `Undo the delete of a ${name} record`, roles: rolesWhere((r) => can(r, name, 'delete')) };
    case 'GET /options': return { summary: `Titles of ${name} records for a picker`, query: ['q', 'ids', 'limit', ...(def.workflow ? ['status'] : []), 'referredBy', ...(givenThrough(name) ? ['for', 'centre'] : [])] };
    case 'GET /export': return { summary: `The list as CSV`, roles: rolesWhere((r) => can(r, name, 'list')), query: ['q', 'sort', 'filter[{field}]', 'columns', 'header', 'ids'] };
    case 'POST /{id}/transition':
      return { summary: `Move a ${name} record's status`, roles: rolesWhere((r) => (def.workflow?.transitions ?? []).some((m) => mayMove(r, def, m))), body: jsonSchema(transitionBody) };
    case 'POST /{id}/transition/undo':
      return {
        summary: `Undo the newest move of a ${name} record (body: the version the move produced): only by whoever made it, within ${UNDO_WINDOW_MINUTES} minutes, never an irreversible move`,
        roles: rolesWhere((r) => (def.workflow?.transitions ?? []).some((m) => mayMove(r, def, m))), body: jsonSchema(undoBody),
      };
    case 'GET /{id}/history': return { summary: `The status history of a ${name} record`, roles: read() };
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
    case 'GET /api/views': return { summary: "The caller's saved views and those shared with the caller's role", roles: [...ROLES] };
    case 'POST /api/views': return { summary: 'Save a list address as a view (sharing it: superadmin and admin only)', roles: [...ROLES], body: jsonSchema(savedViewCreate) };
    case 'PUT /api/views/{id}': return { summary: "Rename, re-address or re-share one's own view", roles: [...ROLES], body: jsonSchema(savedViewUpdate) };
    case 'DELETE /api/views/{id}': return { summary: "Delete one's own view", roles: [...ROLES] };
    default: return null;
  }
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

export function openApiDocument(routes: readonly ServedRoute[]): Schema {
  const paths: Record<string, Record<string, Schema>> = {};
  for (const route of routes) {
    const template = toTemplate(route.path);
    const params = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    const found = entityOf(template);
    const described = found ? entityCall(found.def, route.method, found.rest) : otherCall(route.method, template);
    const op: Schema = {
      summary: described?.summary ?? `${route.method} ${template}`,
      ...(found ? { tags: [found.def.name] } : {}),
      parameters: [
        ...params.map((name) => ({ name, in: 'path', required: true, schema: { type: name === 'id' ? 'integer' : 'string' } })),
        ...(described?.query ?? []).map((name) => ({ name, in: 'query', required: false, schema: { type: 'string' } })),
      ],
      ...(described?.body ? { requestBody: { required: true, content: { 'application/json': { schema: described.body } } } } : {}),
      responses: {
        200: { description: 'Done' },
        default: { description: 'A refusal, with what to mend', content: { 'application/json': { schema: { $ref: '#/components/schemas/Errors' } } } },
      },
      ...(described?.roles ? { 'x-roles': described.roles } : {}),
    };
    (paths[template] ??= {})[route.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Health staff console API', version: '1' },
    components: {
      schemas: { Errors: ERROR_SCHEMA },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
    security: [{ bearer: [] }],
    paths,
  };
}
