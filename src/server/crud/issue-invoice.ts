import { sql, type RawBuilder } from 'kysely';
import { columnName, CONSULTATION_TAX_RATE, getEntity, gstinState, HEALTH_SERVICES_SAC, inputSchema, invoiceFigures, isInterState, type InvoiceLine } from '../../registry';
import type { Seller } from '../config';
import type { DB } from '../db/connection';
import { ident, uniqueName } from '../db/entity-table';
import { fail } from '../http';
import { upsertSearchRow } from '../search';
import { patientsOf, writeEntries } from '../audit/audit';
import { centreOf } from '../records/scope';
import { param } from '../records/columns';
import { attachLabels } from '../records/labels';
import { nextNumber } from './numbering';
import { fetchRecord, type Actor } from './write';

/**
 * A completed payment's tax invoice, written in the payment's own transaction (crud/hooks.ts, payment): if the invoice
 * cannot be written, the payment is not completed either. Its lines are the appointment's fee (a consultation: SAC
 * 9993, exempt) and the add-on services booked with it (each at its kind's SAC and GST rate, at the centre's price);
 * it names the configured seller and the patient as they are now, and keeps them (registry/entities/invoices.ts).
 *
 * The place of supply decides the tax heads (registry/gst.ts, isInterState): CGST + SGST when it is the seller's state
 * (the GSTIN's first two digits), IGST when it is another.
 *
 * At most one invoice per payment: `invoices.payment` is unique, so a second one for the same payment fails (and the
 * workflow already refuses to complete a payment twice).
 */
const invoices = () => getEntity('invoices');

/** How a consultation was held, as its invoice line says it. */
const MODE: Record<string, string> = { in_clinic: 'at the centre', video: 'video call', home: 'home visit' };

/** The invoice's year: the calendar year in India (IST) of its issue, as its number and date print it. */
export const invoiceYear = (at: Date) => new Date(+at + 330 * 60_000).getUTCFullYear();

const oneLine = (parts: unknown[]) => parts.map((p) => String(p ?? '').trim()).filter(Boolean).join(', ');

/** What an invoice for `payment` holds, read from its appointment, the add-ons, the patient and the seller. */
async function invoiceValues(db: DB, payment: Record<string, unknown>, seller: Seller) {
  const appointment = await fetchRecord(db, getEntity('appointments'), Number(payment.appointment));
  const patient = await fetchRecord(db, getEntity('patients'), Number(payment.patient));
  if (!appointment || !patient) throw new Error(`payment ${String(payment.id)}: its appointment or patient is gone`);
  await attachLabels(db, getEntity('appointments'), [appointment]);
  await attachLabels(db, getEntity('patients'), [patient]);
  const doctor = (appointment._labels as Record<string, string | null>).doctor;
  const lines: InvoiceLine[] = [{
    description: `Consultation${doctor ? `, Dr ${doctor}` : ''} (${MODE[String(appointment.mode)] ?? String(appointment.mode)})`.slice(0, 200),
    sac: HEALTH_SERVICES_SAC, qty: 1, unitPrice: Number(appointment.fee ?? 0), taxRate: CONSULTATION_TAX_RATE,
  }];
  const addonIds = (appointment.addons as number[] | null) ?? [];
  if (addonIds.length) {
    const offers = sql.raw(ident(getEntity('addonservices').table));
    const kinds = sql.raw(ident(getEntity('addonservicesmaster').table));
    const rows = await sql<{ name: string; price: number; sac: string; rate: number }>`select o.name, o.price, k.sac, k.gst_rate as rate
      from ${offers} o join ${kinds} k on k.id = o.service where o.id = any(${addonIds}::int[]) order by array_position(${addonIds}::int[], o.id)`.execute(db);
    for (const r of rows.rows) lines.push({ description: r.name.slice(0, 200), sac: r.sac, qty: 1, unitPrice: Number(r.price), taxRate: Number(r.rate) });
  }

  const states = sql.raw(ident(getEntity('state').table));
  const sellerCode = gstinState(seller.gstin);
  const stateOf = async (where: RawBuilder<unknown>) =>
    (await sql<{ name: string; code: string | null }>`select name, gst_code as code from ${states} where ${where}`.execute(db)).rows[0];
  const recipientState = patient.state ? await stateOf(sql`id = ${Number(patient.state)}`) : undefined;
  const supplyState = recipientState ?? (await stateOf(sql`gst_code = ${sellerCode}`)) ?? { name: '', code: sellerCode };
  const labels = patient._labels as Record<string, string | null>;
  const name = `${String(patient.firstName)} ${String(patient.lastName)}`.trim();
  const address = [String(patient.addressLine ?? '').trim(), oneLine([labels.city, [recipientState?.name, patient.pincode].filter(Boolean).join(' ')])].filter(Boolean);
  return {
    patient: Number(payment.patient),
    payment: Number(payment.id),
    items: lines,
    sellerName: seller.name,
    sellerAddress: seller.address,
    sellerGstin: seller.gstin,
    billedTo: [name, ...address].join('\n').slice(0, 800),
    placeOfSupply: (supplyState.code ? `${supplyState.name} (${supplyState.code})` : supplyState.name).trim().slice(0, 120) || null,
    interState: isInterState(recipientState && { gstCode: recipientState.code }, seller.gstin),
  };
}

export interface IssueOptions {
  actor: Actor;
  seller: Seller;
  /** When the invoice is issued: now, or the payment's time in a story written afterwards (the demo data). */
  at?: Date;
}

/** Issues the invoice of a payment that has just completed, inside the caller's transaction; returns it as stored. */
export async function issueInvoice(db: DB, payment: Record<string, unknown>, opts: IssueOptions): Promise<Record<string, unknown>> {
  const def = invoices();
  const at = opts.at ?? new Date();
  const values = inputSchema(def, 'create').parse({ ...(await invoiceValues(db, payment, opts.seller)), number: await nextNumber(db, def, 'number', 'INV', invoiceYear(at)), issuedAt: at.toISOString() });
  const cols: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) cols[columnName(k, def.fields[k])] = param(def.fields[k], v);
  cols.status = def.workflow!.initial;
  // The sums, as the invoices' write hook computes them (crud/hooks.ts).
  const { subtotal, cgst, sgst, igst, tax, total } = invoiceFigures(values.items as InvoiceLine[], Boolean(values.interState));
  Object.assign(cols, { subtotal, cgst, sgst, igst, tax, total });
  const names = Object.keys(cols);
  const when = at.toISOString();
  const res = await sql<{ id: number }>`insert into ${sql.raw(ident(def.table))} (${sql.raw([...names, 'created_by', 'updated_by', 'created_at', 'updated_at'].map(ident).join(', '))})
    values (${sql.join([...names.map((n) => cols[n]), opts.actor.id, opts.actor.id, when, when])}) returning id`.execute(db).catch((err: { code?: string; constraint?: string }) => {
    if (err.code === '23505' && err.constraint === uniqueName(def.table, 'payment')) throw fail(409, 'This payment already has an invoice', { code: 'duplicate', field: 'payment' });
    throw err;
  });
  const rec = (await fetchRecord(db, def, res.rows[0].id))!;
  await upsertSearchRow(db, def, rec);
  await writeEntries(db, [{ actor: opts.actor, entity: def.name, recordId: Number(rec.id), action: 'create', changes: values, patients: patientsOf(def, rec), at: opts.at ? when : undefined,
    fmc: centreOf(def, rec), version: Number(rec.version) }]);
  return rec;
}
