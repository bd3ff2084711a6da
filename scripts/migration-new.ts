import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * npm run migration:new -- NAME: the next numbered migration file with its `up`, registered in migrations/migrate.ts (its
 * import and its entry, after the last), so that a new migration is one command and then its SQL.
 */
const root = path.resolve(import.meta.dirname, '..');
const dir = path.join(root, 'src/server/migrations');
const registry = path.join(dir, 'migrate.ts');

const name = process.argv.slice(2).join(' ').trim().toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
if (!name) {
  console.error('Give the migration a name: npm run migration:new -- invoice-notes');
  process.exit(1);
}
const last = Math.max(0, ...readdirSync(dir).filter((f) => /^\d{4}-/.test(f)).map((f) => Number.parseInt(f.slice(0, 4), 10)).filter(Number.isFinite));
const id = `${String(last + 1).padStart(4, '0')}-${name}`;
const file = path.join(dir, `${id}.ts`);
if (existsSync(file)) throw new Error(`${file} exists`);

writeFileSync(file, `import { sql } from 'kysely';
import type { DB } from '../db/connection';

/**
 * Why this change of the schema, and what it leaves behind. Runs once, in the one transaction of its run
 * (migrations/migrate.ts): a failure applies none of the run's migrations. Frozen in time: write the SQL as it is today,
 * never from the registry, which will change after it.
 */
export async function up(db: DB): Promise<void> {
  await sql\`select 1\`.execute(db);
}
`);

const alias = `m${id.slice(0, 4)}`;
let source = readFileSync(registry, 'utf8');
const imports = [...source.matchAll(/^import \* as m\d{4} from '\.\/\d{4}-[^']+';$/gm)];
const entries = [...source.matchAll(/^ {2}'\d{4}-[^']+': m\d{4},$/gm)];
if (!imports.length || !entries.length) throw new Error(`${registry}: its imports and MIGRATIONS entries were not found`);
const lastImport = imports[imports.length - 1];
const lastEntry = entries[entries.length - 1];
source = source.slice(0, lastEntry.index! + lastEntry[0].length) + `\n  '${id}': ${alias},` + source.slice(lastEntry.index! + lastEntry[0].length);
source = source.slice(0, lastImport.index! + lastImport[0].length) + `\nimport * as ${alias} from './${id}';` + source.slice(lastImport.index! + lastImport[0].length);
writeFileSync(registry, source);
console.log(`Wrote ${path.relative(root, file)} and registered it in ${path.relative(root, registry)}.`);
