import { sql } from 'kysely';
import type { DB } from '../db/connection';

/**
 * Issue 19, money: invoices become Indian tax invoices, issued when their payment completes, voided with a reason.
 *
 * - state `gst_code`: the two-digit GST state code, filled in here for the states and territories the reference data
 *   names (by their letter code), which decides a place of supply's tax heads.
 * - addon_service_type `sac` and `gst_rate`: how a kind of add-on service is taxed; the kinds there are health care
 *   services, so 9993 at 0% until someone says otherwise.
 * - appointment `addons`: the add-on services booked with a visit, billed on its invoice.
 * - invoice: the seller and the patient as issued, the place of supply and whether it is another state, the tax heads
 *   (CGST, SGST, IGST), the void's reason and time; a payment has at most one invoice (unique). Lines written before
 *   now get the health services SAC (9993), and every invoice's sums are recomputed from its lines under the new rule
 *   (CGST and SGST each at half the rate, rounded apart), with the supply taken as within the state: invoices so far
 *   came from demo and bulk data, none was issued to anyone.
 *
 * Frozen in time (see 0002): the statements as the registry declared these fields when this migration landed.
 */
const GST_CODES: Record<string, string> = {
  JK: '01', HP: '02', PB: '03', CH: '04', UK: '05', HR: '06', DL: '07', RJ: '08', UP: '09', BR: '10', SK: '11', AR: '12',
  NL: '13', MN: '14', MZ: '15', TR: '16', ML: '17', AS: '18', WB: '19', JH: '20', OD: '21', CG: '22', MP: '23', GJ: '24',
  MH: '27', KA: '29', GA: '30', KL: '32', TN: '33', PY: '34', TS: '36', AP: '37', LA: '38',
};

export const rewrites = ['invoice'];

export async function up(db: DB): Promise<void> {
  await sql`alter table "state" add column "gst_code" text`.execute(db);
  for (const [code, gst] of Object.entries(GST_CODES)) await sql`update "state" set gst_code = ${gst} where code = ${code}`.execute(db);
  await sql`create unique index "state__gst_code__uq" on "state" (lower("gst_code"))`.execute(db);

  await sql`alter table "addon_service_type" add column "sac" text not null default '9993', add column "gst_rate" double precision not null default 0`.execute(db);
  await sql`alter table "addon_service_type" alter column "sac" drop default, alter column "gst_rate" drop default`.execute(db);

  await sql`alter table "appointment" add column "addons" integer[]`.execute(db);
  await sql`create index "appointment__addons__gin" on "appointment" using gin ("addons")`.execute(db);

  await sql`alter table "invoice" add column "cgst" numeric(12,2), add column "sgst" numeric(12,2), add column "igst" numeric(12,2),
    add column "seller_name" text, add column "seller_address" text, add column "seller_gstin" text, add column "billed_to" text,
    add column "place_of_supply" text, add column "inter_state" boolean not null default false, add column "void_reason" text,
    add column "voided_at" timestamptz(3)`.execute(db);
  await sql`alter table "invoice" alter column "inter_state" drop default`.execute(db);
  await sql`create unique index "invoice__payment__uq" on "invoice" ("payment")`.execute(db);
  await sql`update "invoice" set items = (select coalesce(jsonb_agg(case when item ? 'sac' then item else item || '{"sac": "9993"}' end order by n), '[]'::jsonb)
    from jsonb_array_elements(coalesce(items, '[]'::jsonb)) with ordinality as l(item, n))`.execute(db);
  await sql`with line as (
      select i.id, round((l.item ->> 'qty')::numeric * (l.item ->> 'unitPrice')::numeric * 100) as taxable, (l.item ->> 'taxRate')::numeric as rate
      from "invoice" i, jsonb_array_elements(coalesce(i.items, '[]'::jsonb)) as l(item)),
    sums as (select id, sum(taxable) as taxable, sum(round(taxable * rate / 200)) as half from line group by id)
    update "invoice" i set subtotal = coalesce(s.taxable, 0) / 100, cgst = coalesce(s.half, 0) / 100, sgst = coalesce(s.half, 0) / 100, igst = 0,
      tax = coalesce(s.half, 0) * 2 / 100, total = (coalesce(s.taxable, 0) + coalesce(s.half, 0) * 2) / 100
    from "invoice" x left join sums s on s.id = x.id where i.id = x.id`.execute(db);
}
