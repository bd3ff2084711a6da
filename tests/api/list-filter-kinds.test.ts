import { describe, expect, test } from 'vitest';
import { getEntity } from '../../src/registry';
import { setupApi } from './harness';

/**
 * The list toolbar's filters beyond references and enums: a sortable yes/no, amount or day is filterable too (its
 * column is indexed for the sort), by value or `from..to`; a value the field cannot take answers 400, never 500.
 */
const api = setupApi();
const faq = getEntity('faq');
const medicine = getEntity('medicine');

async function make(def: typeof faq, values: Record<string, unknown>): Promise<number> {
  const r = await api.call('superadmin', 'POST', `/api/${def.api}`, { ...(await api.payload(def)), ...values });
  expect(r.status, r.text).toBe(201);
  return Number(r.body.data.id);
}
const ids = (reply: { body: { data: { id: number }[] } }) => reply.body.data.map((r) => Number(r.id));

describe('filters of the toolbar', () => {
  test('yes/no: the published and the unpublished apart', async () => {
    const shown = await make(faq, { published: true });
    const hidden = await make(faq, { published: false });
    const no = await api.call('admin', 'GET', `/api/${faq.api}?filter[published]=false&limit=200`);
    expect(no.status, no.text).toBe(200);
    expect(ids(no)).toContain(hidden);
    expect(ids(no)).not.toContain(shown);
    expect(no.body.data.every((r: { published: boolean }) => r.published === false)).toBe(true);
    const yes = await api.call('admin', 'GET', `/api/${faq.api}?filter[published]=true&limit=200`);
    expect(ids(yes)).toContain(shown);
    expect(ids(yes)).not.toContain(hidden);
  });

  test('an amount: a range with both ends included, one end, or one value', async () => {
    const [cheap, mid, dear] = [await make(medicine, { price: 12.5 }), await make(medicine, { price: 40 }), await make(medicine, { price: 99.99 })];
    const range = await api.call('superadmin', 'GET', `/api/${medicine.api}?filter[price]=12.5..40&limit=200`);
    expect(range.status, range.text).toBe(200);
    expect(ids(range)).toEqual(expect.arrayContaining([cheap, mid]));
    expect(ids(range)).not.toContain(dear);
    const from = await api.call('superadmin', 'GET', `/api/${medicine.api}?filter[price]=40..&limit=200`);
    expect(ids(from)).toEqual(expect.arrayContaining([mid, dear]));
    expect(ids(from)).not.toContain(cheap);
    const one = await api.call('superadmin', 'GET', `/api/${medicine.api}?filter[price]=99.99&limit=200`);
    expect(ids(one)).toContain(dear);
    expect(ids(one)).not.toContain(mid);
  });

  test('what a field cannot take is refused, never a server error', async () => {
    const range = await api.call('superadmin', 'GET', `/api/${medicine.api}?filter[price]=cheap..dear`);
    expect(range.status).toBe(400);
    expect(range.body.errors[0]).toMatchObject({ field: 'filter[price]', code: 'invalid_filter' });
    expect((await api.call('superadmin', 'GET', `/api/${medicine.api}?filter[price]=abc`)).status).toBe(400);
    // A field neither marked filterable nor sortable stays unfilterable.
    const r = await api.call('admin', 'GET', `/api/${getEntity('invoices').api}?filter[interState]=true`);
    expect(r.status).toBe(400);
  });
});
