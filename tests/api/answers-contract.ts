import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { openApiDocument, servedRoutes, type ServedRoute } from '../../src/server/openapi';

/**
 * The API's document is a contract: every answer an API test receives from a call the document names (the /api calls,
 * entity and bespoke alike, and the probes, metrics and push worker beside them) must be one the document gives for that
 * call: its status, its media type, and a JSON body that matches the schema the document gives it. The harness (harness.ts) hands every answer here; each file checks its own at its end
 * (answers-contract-check.ts), so the whole API suite is a test of the document against real answers.
 */
export interface SeenAnswer { method: string; url: string; status: number; body: unknown; contentType: string | null }

type Schema = Record<string, unknown>;
type Operation = { responses: Record<string, { content?: Record<string, { schema?: Schema }> }> };

const seen: SeenAnswer[] = [];
let routes: readonly ServedRoute[] | null = null;

export function recordAnswer(appRoutes: readonly { method: string; path: string }[], answer: SeenAnswer) {
  routes ??= servedRoutes(appRoutes);
  seen.push(answer);
}

/** The template a path answers to: of those that match, the one with the most fixed text (`/options` before `/{id}`). */
function templateOf(templates: readonly string[], path: string): string | null {
  const matching = templates.filter((t) => new RegExp(`^${t.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path));
  return matching.sort((a, b) => b.replace(/\{[^}]+\}/g, '').length - a.replace(/\{[^}]+\}/g, '').length)[0] ?? null;
}

/** Every answer seen that the document does not give, one line each (and forgets them, for the next file). */
export function undocumentedAnswers(): string[] {
  const answers = seen.splice(0);
  if (!routes || !answers.length) return [];
  const doc = openApiDocument(routes) as { paths: Record<string, Record<string, Operation>>; components: Schema };
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  ajv.addSchema({ $id: 'openapi.json', components: doc.components });
  const compiled = new Map<Schema, ValidateFunction>();
  const validator = (schema: Schema) => {
    let v = compiled.get(schema);
    if (!v) compiled.set(schema, (v = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/')))));
    return v;
  };
  const templates = Object.keys(doc.paths);
  const wrong: string[] = [];
  for (const a of answers) {
    const path = new URL(a.url, 'http://console').pathname;
    const template = templateOf(templates, path);
    const op = template ? doc.paths[template][a.method.toLowerCase()] : undefined;
    // A call the server does not serve (an unknown address or method) answers the catch-all 404: not an operation.
    if (!op) continue;
    const where = `${a.method} ${template} → ${a.status}`;
    const response = op.responses[String(a.status)] ?? op.responses[`${String(a.status)[0]}XX`];
    if (!response) { wrong.push(`${where}: status not documented (${Object.keys(op.responses).join(', ')})`); continue; }
    // The media type the answer came as is one the document gives (a file where a file is said, JSON where JSON is).
    const type = (a.contentType ?? '').split(';')[0].trim().toLowerCase();
    if (response.content && !(type in response.content)) { wrong.push(`${where}: sent as ${type || 'nothing'}, documented as ${Object.keys(response.content).join(', ')}`); continue; }
    if (!response.content && type) { wrong.push(`${where}: a body (${type}) where none is documented`); continue; }
    const schema = response.content?.['application/json']?.schema;
    if (!schema || type !== 'application/json') continue;
    const validate = validator(schema);
    if (!validate(a.body)) wrong.push(`${where}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(a.body).slice(0, 200)}`);
  }
  return [...new Set(wrong)];
}
