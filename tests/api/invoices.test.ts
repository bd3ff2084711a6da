import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { getEntity, type Role } from '../../src/registry';
import { amountInWords } from '../../src/registry/amount-in-words';
import { DEMO_SELLER } from '../../src/server/config';
import { invoiceYear } from '../../src/server/crud/issue-invoice';
import { createRecord, SYSTEM_ACTOR } from '../../src/server/crud/write';
import { setupApi } from './harness';
import { pdfText } from './pdf-text';

/**
 * Issue 19, money: completing a payment issues its tax invoice in the same transaction (lines from the appointment's
 * fee and add-ons; CGST + SGST within the seller's state, IGST across), numbered without repeats under concurrent
 * completions; at most one invoice per payment; a superadmin voids one with a reason and its PDF then says VOID. The
 * seller is the demo's (no SELLER_* set): GSTIN 27…, Maharashtra.
 */
const api = setupApi();
const payments = getEntity('payment');
const invoices = getEntity('invoices');

let stateId: Record<string, number>;
let dietitian: number;
let delivery: number;

/** A record made directly (as the app would have written it): a valid fake payload with `values` over it. */
async function make(entity: string, values: Record<string, unknown>) {
  const def = getEntity(entity);
  return createRecord(api.db, def, { ...(await api.payload(def))!, ...values }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
}

/** A pending payment for a fresh appointment (fee, add-ons) of a fresh patient living in `state` (a state code, or none). */
async function pendingPayment(opts: { state?: string | null; fee?: number; addons?: number[] } = {}) {
  const patient = await make('patients', { firstName: 'Asha', lastName: 'Rao', addressLine: '12 Nehru Nagar', pincode: '411028', city: null, state: opts.state === null ? null : stateId[opts.state ?? 'MH'] });
  const appointment = await make('appointments', { patient: patient.id, fee: opts.fee ?? 700, addons: opts.addons ?? [], mode: 'in_clinic' });
  return make('payment', { appointment: appointment.id, patient: patient.id, doctor: appointment.doctor, amount: 1290 });
}

const move = (who: Role, id: unknown, body: Record<string, unknown>) => api.call(who, 'POST', `/api/payment/${String(id)}/transition`, body);
const complete = (p: Record<string, unknown>, who: Role = 'admin') => move(who, p.id, { to: 'completed', version: p.version });
const invoicesOf = async (paymentId: unknown) =>
  (await sql<Record<string, unknown>>`select * from invoice where payment = ${Number(paymentId)}`.execute(api.db)).rows;
const paymentRow = async (id: unknown) => (await api.row(payments, Number(id)))!;
/** An invoice's PDF, as bytes (the harness reads bodies as UTF-8 text). */
async function pdfOf(who: Role, id: unknown): Promise<Buffer> {
  const res = await api.app.request(`/api/invoices/${String(id)}/pdf`, { headers: { authorization: `Bearer ${api.tokens[who]}` } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

beforeAll(async () => {
  const states = await sql<{ id: number; code: string }>`select id, code from state`.execute(api.db);
  stateId = Object.fromEntries(states.rows.map((s) => [s.code, s.id]));
  const kind = async (name: string, sac: string, gstRate: number) => (await make('addonservicesmaster', { name, sac, gstRate, status: 'active' })).id;
  const centre = api.homeCentre;
  dietitian = Number((await make('addonservices', { name: 'Dietitian consultation, Baner', service: await kind('Dietitian consultation', '9993', 18), fmc: centre, price: 500, status: 'active' })).id);
  delivery = Number((await make('addonservices', { name: 'Medicine home delivery', service: await kind('Medicine home delivery', '9968', 18), fmc: centre, price: 99.5, status: 'active' })).id);
});

describe('completing a payment issues its invoice', () => {
  test('in the same transaction: one paid invoice, lines from the fee and the add-ons, the seller and the patient as issued', async () => {
    const p = await pendingPayment({ addons: [dietitian] });
    const r = await complete(p);
    expect(r.status, r.text).toBe(200);
    const [inv, ...more] = await invoicesOf(p.id);
    expect(more).toEqual([]);
    const paid = await paymentRow(p.id);
    expect(inv).toMatchObject({
      status: 'paid', patient: p.patient, created_by: api.userIds.admin, seller_name: DEMO_SELLER.name, seller_address: DEMO_SELLER.address,
      seller_gstin: DEMO_SELLER.gstin, place_of_supply: 'Maharashtra (27)', inter_state: false,
      subtotal: 1200, cgst: 45, sgst: 45, igst: 0, tax: 90, total: 1290,
    });
    expect(String(inv.number)).toMatch(new RegExp(`^INV-${invoiceYear(new Date())}-\\d{6}$`));
    expect(Date.parse(String(inv.issued_at))).toBe(Date.parse(String(paid.paid_at)));
    expect(String(inv.billed_to).split('\n')).toEqual(['Asha Rao', '12 Nehru Nagar', 'Maharashtra 411028']);
    expect(inv.items).toEqual([
      { description: expect.stringMatching(/^Consultation, Dr .+ \(at the centre\)$/), sac: '9993', qty: 1, unitPrice: 700, taxRate: 0 },
      { description: 'Dietitian consultation, Baner', sac: '9993', qty: 1, unitPrice: 500, taxRate: 18 },
    ]);
    // Its audit row names who completed the payment, and the patient (their access report lists it).
    const audit = await sql<{ actor_id: number; patients: number[] }>`select actor_id, patients from audit_log where entity = 'invoices' and record_id = ${Number(inv.id)} and action = 'create'`.execute(api.db);
    expect(audit.rows).toEqual([{ actor_id: api.userIds.admin, patients: [Number(p.patient)] }]);
    // The console finds it: the invoice's own read and its search row.
    const read = await api.call('admin', 'GET', `/api/invoices/${String(inv.id)}`);
    expect(read.body.data).toMatchObject({ number: inv.number, payment: p.id, status: 'paid', interState: false });
    const search = await api.call('admin', 'GET', `/api/search?q=${String(inv.number)}`);
    expect(JSON.stringify(search.body)).toContain(String(inv.number));
  });

  test('a payment rejected or cancelled issues nothing', async () => {
    for (const to of ['rejected', 'cancelled']) {
      const p = await pendingPayment();
      expect((await move('admin', p.id, { to, version: p.version })).status).toBe(200);
      expect(await invoicesOf(p.id)).toEqual([]);
    }
  });

  test('an invoice that cannot be written leaves the payment pending: no status, history, audit or number moved', async () => {
    const p = await pendingPayment();
    const counter = async () => (await sql<{ last: number }>`select last from number_counter where prefix = 'INV' and year = ${invoiceYear(new Date())}`.execute(api.db)).rows[0]?.last ?? 0;
    const before = await counter();
    await sql.raw(`create function refuse_invoice() returns trigger language plpgsql as $$ begin raise exception 'the invoice store is down'; end $$`).execute(api.db);
    await sql.raw(`create trigger refuse_invoice before insert on invoice for each row when (new.payment = ${Number(p.id)}) execute function refuse_invoice()`).execute(api.db);
    try {
      const r = await complete(p);
      expect(r.status, r.text).toBe(500);
    } finally {
      await sql`drop trigger refuse_invoice on invoice`.execute(api.db);
      await sql`drop function refuse_invoice()`.execute(api.db);
    }
    expect(await paymentRow(p.id)).toMatchObject({ status: 'pending', version: p.version, paid_at: null });
    expect(await invoicesOf(p.id)).toEqual([]);
    expect(await counter()).toBe(before);
    const history = await sql`select 1 from status_history where entity = 'payment' and record_id = ${Number(p.id)}`.execute(api.db);
    expect(history.rows).toEqual([]);
    const audit = await sql`select 1 from audit_log where entity = 'payment' and record_id = ${Number(p.id)} and action like 'transition:%'`.execute(api.db);
    expect(audit.rows).toEqual([]);
    // Once the store is back, the same completion goes through.
    expect((await complete(p)).status).toBe(200);
    expect(await invoicesOf(p.id)).toHaveLength(1);
  });

  test('a payment has at most one invoice: one already there refuses the completion (409), nothing written', async () => {
    const p = await pendingPayment();
    await make('invoices', { patient: p.patient, payment: p.id, number: `INV-2001-${String(p.id).padStart(6, '0')}` });
    const r = await complete(p);
    expect(r.status, r.text).toBe(409);
    expect(r.body.errors[0]).toMatchObject({ code: 'duplicate', field: 'payment', message: 'This payment already has an invoice' });
    expect(await paymentRow(p.id)).toMatchObject({ status: 'pending', version: p.version });
    expect(await invoicesOf(p.id)).toHaveLength(1);
    // And completing twice is the workflow's own refusal.
    const q = await pendingPayment();
    expect((await complete(q)).status).toBe(200);
    expect((await complete({ ...q, version: Number(q.version) + 1 })).status).toBe(409);
    expect(await invoicesOf(q.id)).toHaveLength(1);
  });

  test('ten payments completed at once get ten different numbers, the next ones of the year, without a gap', async () => {
    const list = [];
    for (let i = 0; i < 10; i++) list.push(await pendingPayment());
    const replies = await Promise.all(list.map((p) => complete(p)));
    expect(replies.map((r) => r.status)).toEqual(Array(10).fill(200));
    const numbers = (await Promise.all(list.map((p) => invoicesOf(p.id)))).map((rows) => { expect(rows).toHaveLength(1); return String(rows[0].number); });
    const serials = numbers.map((n) => Number(n.slice(9))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(10);
    expect(serials[9] - serials[0]).toBe(9);
  });

  test('a number already taken by a row written around the counter is passed over', async () => {
    const first = await pendingPayment();
    await complete(first);
    const serial = Number(String((await invoicesOf(first.id))[0].number).slice(9));
    const year = invoiceYear(new Date());
    const squatter = await make('invoices', { number: `INV-${year}-${String(serial + 1).padStart(6, '0')}`, payment: null });
    const p = await pendingPayment();
    expect((await complete(p)).status).toBe(200);
    expect((await invoicesOf(p.id))[0].number).toBe(`INV-${year}-${String(serial + 2).padStart(6, '0')}`);
    expect(squatter.number).toBe(`INV-${year}-${String(serial + 1).padStart(6, '0')}`);
  });
});

describe('the tax heads follow the place of supply', () => {
  test('a patient in another state: IGST at the whole rate, place of supply their state', async () => {
    const p = await pendingPayment({ state: 'KA', addons: [dietitian, delivery] });
    expect((await complete(p)).status).toBe(200);
    const [inv] = await invoicesOf(p.id);
    expect(inv).toMatchObject({ inter_state: true, place_of_supply: 'Karnataka (29)', subtotal: 1299.5, cgst: 0, sgst: 0, igst: 107.91, tax: 107.91, total: 1407.41 });
  });

  test('a patient in the seller’s state: CGST and SGST at half the rate each', async () => {
    const p = await pendingPayment({ state: 'MH', addons: [dietitian, delivery] });
    expect((await complete(p)).status).toBe(200);
    const [inv] = await invoicesOf(p.id);
    // 99.50 × 9% = 8.955 → 8.96 for each half: the halves are rounded apart, so they are always equal.
    expect(inv).toMatchObject({ inter_state: false, place_of_supply: 'Maharashtra (27)', cgst: 53.96, sgst: 53.96, igst: 0, tax: 107.92, total: 1407.42 });
  });

  test('a patient whose address names no state: the seller’s state (IGST Act, section 12(2))', async () => {
    const p = await pendingPayment({ state: null, addons: [dietitian] });
    expect((await complete(p)).status).toBe(200);
    const [inv] = await invoicesOf(p.id);
    expect(inv).toMatchObject({ inter_state: false, place_of_supply: 'Maharashtra (27)', cgst: 45, sgst: 45, igst: 0 });
  });
});

describe('voiding an invoice', () => {
  async function paidInvoice(state = 'MH') {
    const p = await pendingPayment({ state, addons: [dietitian] });
    expect((await complete(p)).status).toBe(200);
    const [inv] = await invoicesOf(p.id);
    return { id: Number(inv.id), version: Number(inv.version), number: String(inv.number), payment: p };
  }
  const voidIt = (who: Role, inv: { id: number; version: number }, reason?: string) =>
    api.call(who, 'POST', `/api/invoices/${inv.id}/transition`, { to: 'void', version: inv.version, ...(reason === undefined ? {} : { reason }) });

  test('a superadmin voids with a reason: kept with the time, the payment stays completed, the PDF says VOID and why', async () => {
    const inv = await paidInvoice();
    const r = await voidIt('superadmin', inv, 'Billed to the wrong patient');
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'void', voidReason: 'Billed to the wrong patient', version: inv.version + 1 });
    expect(Date.now() - Date.parse(r.body.data.voidedAt)).toBeLessThan(60_000);
    expect((await paymentRow(inv.payment.id)).status).toBe('completed');
    const history = await api.call('superadmin', 'GET', `/api/invoices/${inv.id}/history`);
    expect(history.body.data.at(-1)).toMatchObject({ from: 'paid', to: 'void', reason: 'Billed to the wrong patient', actorId: api.userIds.superadmin });
    const text = pdfText(await pdfOf('superadmin', inv.id));
    expect(text).toMatch(/^VOID$/m);
    expect(text).toContain('Reason: Billed to the wrong patient');
    expect(text).toContain(inv.number);
  });

  test('an admin may not (403); a reason is needed and held to its field’s 300 characters; a void invoice stays void', async () => {
    const inv = await paidInvoice();
    expect((await voidIt('admin', inv, 'Duplicate')).status).toBe(403);
    const none = await voidIt('superadmin', inv);
    expect(none.status).toBe(400);
    expect(none.body.errors[0].field).toBe('reason');
    const long = await voidIt('superadmin', inv, 'x'.repeat(301));
    expect(long.status).toBe(400);
    expect(long.body.errors[0].field).toBe('reason');
    expect((await api.row(invoices, inv.id))!.status).toBe('paid');
    expect((await voidIt('superadmin', inv, 'Duplicate bill')).status).toBe(200);
    const again = await voidIt('superadmin', { ...inv, version: inv.version + 1 }, 'Again');
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('illegal_transition');
  });
});

describe('the PDF is a tax invoice', () => {
  test('seller, GSTIN, recipient, SAC per line, CGST and SGST, total in figures with ₹ and in words, an embedded font that has ₹', async () => {
    const p = await pendingPayment({ addons: [dietitian] });
    await complete(p);
    const [inv] = await invoicesOf(p.id);
    const pdf = await pdfOf('admin', inv.id);
    // The font is in the file (a TrueType program), and its ToUnicode map gives U+20B9 for a glyph the page shows.
    expect(pdf.toString('latin1')).toMatch(/\/FontFile2\s+\d+ 0 R/);
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont\s*\/[A-Z]{6}\+DejaVuSans\b/);
    const text = pdfText(pdf);
    for (const part of ['TAX INVOICE', DEMO_SELLER.name, `GSTIN ${DEMO_SELLER.gstin} · State code 27`, String(inv.number), 'BILLED TO', 'Asha Rao',
      'PLACE OF SUPPLY', 'Maharashtra (27)', 'SAC', '9993', 'TAXABLE', 'CGST', 'SGST', '₹1,290.00', `Amount in words: ${amountInWords(1290)}`]) {
      expect(text).toContain(part);
    }
    expect(text).not.toMatch(/^VOID$/m);
    expect(text).not.toContain('IGST');
  });

  test('an invoice across states prints one IGST column', async () => {
    const p = await pendingPayment({ state: 'KA', addons: [dietitian] });
    await complete(p);
    const [inv] = await invoicesOf(p.id);
    const text = pdfText(await pdfOf('admin', inv.id));
    expect(text).toContain('Karnataka (29)');
    expect(text).toContain('IGST');
    expect(text).not.toContain('CGST');
  });
});
