import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { ENTITIES, rolesFor } from '../../src/registry';
import { servedRoutes } from '../../src/server/openapi';
import { setupApi } from './harness';

/**
 * GET /api/openapi.json describes every call the console answers (issue 22, section 5): each served route, with the
 * entity calls' bodies from the registry's schemas and the roles the policy gives them; and the document is what the
 * server does: a body it documents as required is refused without it, the roles it names are the policy's.
 */
const api = setupApi();

describe('the API described', () => {
  test('every served /api route is in it, with its method, and nothing else', async () => {
    const r = await api.call('anonymous', 'GET', '/api/openapi.json');
    expect(r.status, r.text).toBe(200);
    const doc = r.body;
    expect(doc.openapi).toBe('3.1.0');
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)).sort();
    const served = servedRoutes(api.app.routes).map((s) => `${s.method} ${s.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)(\{[^}]*\})?/g, '{$1}')}`);
    expect(documented).toEqual([...new Set(served)].sort());
    // Every entity's list and add are there when the policy has them.
    for (const def of ENTITIES) {
      if (rolesFor(def.name, 'list')) expect(doc.paths[`/api/${def.api}`]?.get, def.name).toBeDefined();
    }
  });

  test('an entity call carries its body schema and its roles, as the server applies them', async () => {
    const doc = (await api.call('anonymous', 'GET', '/api/openapi.json')).body;
    const add = doc.paths['/api/specialist'].post;
    expect(add['x-roles']).toEqual(rolesFor('speciality', 'add'));
    const body = add.requestBody.content['application/json'].schema;
    expect(body.type).toBe('object');
    expect(body.additionalProperties).toBe(false);
    expect(body.required).toContain('name');
    // What it says is required, the server requires.
    const refused = await api.call('superadmin', 'POST', '/api/specialist', {});
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(body.required));
    const edit = doc.paths['/api/specialist/{id}'].put;
    expect(edit.requestBody.content['application/json'].schema.required).toContain('version');
    expect(edit.parameters[0]).toMatchObject({ name: 'id', in: 'path', required: true });
    expect(doc.paths['/api/appointments/{id}/transition'].post['x-roles'].length).toBeGreaterThan(0);
    // The undo of a move: the same roles as the moves, a body of the version alone.
    const undo = doc.paths['/api/appointments/{id}/transition/undo'].post;
    expect(undo['x-roles']).toEqual(doc.paths['/api/appointments/{id}/transition'].post['x-roles']);
    expect(undo.requestBody.content['application/json'].schema).toMatchObject({ required: ['version'], additionalProperties: false });
  });

  test("Redocly's lint finds no error in it", async () => {
    const doc = (await api.call('anonymous', 'GET', '/api/openapi.json')).body;
    const dir = mkdtempSync(path.join(tmpdir(), 'openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(doc));
      // `recommended` rules; a warning is printed, an error fails the lint (exit code 1).
      const lint = await promisify(execFile)(path.resolve('node_modules/.bin/redocly'), ['lint', file, '--format=summary'])
        .then(() => ({ code: 0, out: '' }), (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }));
      expect(lint.out).toBe('');
      expect(lint.code).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('every call says its success and the schema of its answer: a new route cannot leave it out', async () => {
    const doc = (await api.call('anonymous', 'GET', '/api/openapi.json')).body;
    type Answer = { content?: Record<string, { schema?: Record<string, unknown> }> };
    const lacking: string[] = [];
    for (const [template, ops] of Object.entries(doc.paths as Record<string, Record<string, { responses: Record<string, Answer> }>>)) {
      for (const [method, op] of Object.entries(ops)) {
        const where = `${method.toUpperCase()} ${template}`;
        // Statuses one by one: a range (2XX, 4XX) says nothing of which answer comes.
        for (const status of Object.keys(op.responses)) if (!/^[1-5][0-9][0-9]$/.test(status)) lacking.push(`${where}: the range ${status}`);
        const successes = Object.entries(op.responses).filter(([status]) => /^2[0-9][0-9]$/.test(status));
        if (!successes.length) lacking.push(`${where}: no success (describe it beside its route: src/server/http/call-docs.ts)`);
        for (const [status, answer] of successes) {
          if (status === '204') { if (answer.content) lacking.push(`${where} → 204: a body`); continue; }
          const bodies = Object.values(answer.content ?? {});
          if (!bodies.length || bodies.some((b) => !b.schema || !Object.keys(b.schema).length)) lacking.push(`${where} → ${status}: no schema of its body`);
        }
      }
    }
    expect(lacking).toEqual([]);
  });

  test('every call has a unique operationId, a tag, and its answers; moves name their statuses', async () => {
    const doc = (await api.call('anonymous', 'GET', '/api/openapi.json')).body;
    expect(doc.servers.length).toBeGreaterThan(0);
    const ops = Object.values(doc.paths as Record<string, Record<string, { operationId: string; tags: string[]; responses: Record<string, unknown> }>>).flatMap((o) => Object.values(o));
    expect(new Set(ops.map((o) => o.operationId)).size).toBe(ops.length);
    for (const op of ops) expect(op.tags.length, op.operationId).toBe(1);
    const list = doc.paths['/api/specialist'].get;
    expect(Object.keys(list.responses)).toEqual(['200', '400', '401', '403', '500']);
    expect(list.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ListPage' });
    const move = doc.paths['/api/appointments/{id}/transition'].post;
    expect(move.requestBody.content['application/json'].schema.properties.to.enum).toEqual(expect.arrayContaining(['completed', 'missed', 'cancelled']));
    // A public call answers no 401.
    expect(doc.paths['/api/adminUser/login'].post.security).toEqual([]);
  });
});
