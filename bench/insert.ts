import { CompiledQuery } from 'kysely';
import { columnsOf, type EntityDef, type FieldDef } from '../src/registry';
import { param } from '../src/server/records/columns';
import { hooksOf } from '../src/server/crud/hooks';
import { sanitizeRichText } from '../src/server/crud/write';
import type { DB } from '../src/server/db/connection';
import { ident, tableOf } from '../src/server/db/entity-table';
import { searchDocs } from '../src/server/search/search-rows';
import type { GeneratedRow } from './generate';

/** PostgreSQL's limit on the parameters of one statement. */
export const MAX_PARAMS = 65_535;
const SYSTEM_COLUMNS = ['id', 'created_at', 'updated_at'];
const SEARCH_COLUMNS = ['entity', 'record_id', 'title', 'subtitle', 'doc'];

/** Rows per statement for an entity: as many as the parameter limit allows, up to a size that plans quickly. */
export function batchRowsFor(def: EntityDef): number {
  const width = columnsOf(def, tableOf).length + SYSTEM_COLUMNS.length;
  return Math.max(1, Math.min(2_000, Math.floor(MAX_PARAMS / width)));
}

function valuesSql(columns: number, rows: number): string {
  const out: string[] = [];
  let n = 1;
  for (let r = 0; r < rows; r++) {
    const row: string[] = [];
    for (let c = 0; c < columns; c++) row.push(`$${n++}`);
    out.push(`(${row.join(',')})`);
  }
  return out.join(',');
}

/**
 * Writes generated rows of one entity as createRecord would store them (password hashed, rich text
 * sanitised, the entity's beforeWrite hook applied), plus their search rows, in one transaction per batch:
 * one multi-row insert into the table and one into search_index.
 */
export class BulkWriter {
  private readonly cols: { field: string; column: string; fd: FieldDef }[];
  private readonly head: string;
  private readonly searchHead: string;

  constructor(private readonly def: EntityDef, private readonly passwordHash: string) {
    this.cols = columnsOf(def, tableOf).map((c) => ({ field: c.field, column: c.column, fd: def.fields[c.field] }));
    this.head = `insert into ${ident(def.table)} (${[...SYSTEM_COLUMNS, ...this.cols.map((c) => c.column)].map(ident).join(', ')}) values `;
    this.searchHead = `insert into search_index (${SEARCH_COLUMNS.join(', ')}) values `;
  }

  async write(db: DB, rows: GeneratedRow[]): Promise<void> {
    const hooks = hooksOf(this.def);
    await db.transaction().execute(async (tx) => {
      const params: unknown[] = [];
      const records: Record<string, unknown>[] = [];
      for (const row of rows) {
        let stored = this.toColumns(row.values);
        if (hooks.beforeWrite) stored = await hooks.beforeWrite(tx, stored, null);
        params.push(row.id, row.createdAt, row.updatedAt, ...this.cols.map((c) => stored[c.column] ?? null));
        // The record as the API returns it: computed columns come back under their field names.
        const record: Record<string, unknown> = { id: row.id, ...row.values };
        for (const c of this.cols) if (c.fd.kind === 'computed') record[c.field] = stored[c.column] ?? null;
        records.push(record);
      }
      const width = SYSTEM_COLUMNS.length + this.cols.length;
      await tx.executeQuery(CompiledQuery.raw(this.head + valuesSql(width, rows.length), params));
      // With their references' titles, as the console writes them (the referenced records are seeded first).
      const search = (await searchDocs(tx, this.def, records)).flatMap(({ title, subtitle, doc }, i) => [this.def.name, rows[i].id, title, subtitle, doc]);
      // search_index has 5 columns: a batch's search rows always fit the parameter limit when its table rows do.
      await tx.executeQuery(CompiledQuery.raw(this.searchHead + valuesSql(SEARCH_COLUMNS.length, rows.length), search));
    });
  }

  /** The row's stored columns, as write.ts's toColumns makes them. */
  private toColumns(values: Record<string, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const c of this.cols) {
      let v = values[c.field];
      if (v === undefined) continue;
      if (c.fd.kind === 'password' && typeof v === 'string') v = this.passwordHash;
      if (c.fd.kind === 'richText' && typeof v === 'string') v = sanitizeRichText(v);
      out[c.column] = param(c.fd, v);
    }
    return out;
  }

  /** Identity columns were given explicit values: move the sequence past them. */
  async finish(db: DB): Promise<void> {
    const t = ident(this.def.table);
    await db.executeQuery(CompiledQuery.raw(`select setval(pg_get_serial_sequence('${t}', 'id'), (select max(id) from ${t}))`));
  }
}
