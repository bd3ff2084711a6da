import { z } from 'zod';
import { can, ROLES, screenById, type Role } from '../../registry';

/**
 * What a bespoke call answers, said beside its route (the entity calls are described from the registry in openapi.ts):
 * its success and the zod schema of that answer, the refusals it gives, its body and query, and who may call it.
 * openapi.ts makes the document from these; a served call with no description fails tests/api/openapi.test.ts, and
 * every answer an API test receives is checked against the document (tests/api/answers-contract.ts), so a schema
 * here is held to what the route really sends.
 */
export interface CallDoc {
  summary: string;
  roles?: readonly Role[];
  body?: z.ZodType;
  /** The body is a file, of one of these media types, not JSON. */
  file?: readonly string[];
  query?: readonly string[];
  /** The success: a JSON answer by its schema, a file or stream by its media type, or 204 with no body. */
  ok: { status: number; schema: z.ZodType } | { status: number; type: string | readonly string[] } | { status: 204 };
  /** Another success of the same call, at another status. */
  also?: { status: number; schema: z.ZodType };
  /** A refusal not of the error shape: a probe's 503 says why in its own words (schema), the push worker's 404 is text (type). */
  otherwise?: { status: number; description: string } & ({ schema: z.ZodType } | { type: string });
  /** The refusals besides 400 (any call), 401 and 403 (a signed-in call: no session; a second factor to set up first), 413 and 415 (a call with a body). */
  refuses?: readonly number[];
  /** The path's {id} is text (a passkey's credential id), not a record's number. */
  textIds?: true;
}

const docs = new Map<string, CallDoc>();

/** Say what calls answer, by `METHOD /path/{param}` as served (the `/api` prefix included): at a route file's load. */
export function describeCalls(calls: Record<string, CallDoc>): void {
  for (const [key, doc] of Object.entries(calls)) docs.set(key, doc);
}

export const callDocOf = (method: string, template: string): CallDoc | undefined => docs.get(`${method} ${template}`);

/** The roles the policy lets do an action (the call's guard checks the same). */
export const rolesMay = (resource: string, action: string): Role[] => ROLES.filter((r) => can(r, resource, action));

/** The roles that may open a screen (its calls guard by the same policy row: guardScreen). */
export function rolesOfScreen(id: string): Role[] {
  const screen = screenById(id);
  return screen ? rolesMay(screen.resource, screen.action) : [];
}

/** The house answer: `{ data }`. */
export const dataOf = <T extends z.ZodType>(schema: T) => z.strictObject({ data: schema });

/**
 * A record as the entity calls answer it (openapi.ts's Record): its id and version, its fields (by entity and reader,
 * so open here) and `_labels`, the titles of the records it names.
 */
export const recordAnswer = z.looseObject({ id: z.number().int(), version: z.number().int().optional(), _labels: z.record(z.string(), z.unknown()).optional() });

/** A time as it leaves the server: an ISO 8601 string (a Date in JSON). */
export const isoTime = z.string();
