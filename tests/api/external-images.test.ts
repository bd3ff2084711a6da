import { describe, expect, test } from 'vitest';
import { setupApi } from './harness';

/**
 * Issue 9 (Low): "rich text and image fields load any https image". The console loads images from itself and from the
 * origins IMAGE_HOSTS names, nowhere else: the CSP says so, image fields refuse other addresses, rich text drops them.
 */
const plain = setupApi({ roles: ['superadmin'] });
const withCdn = setupApi({ roles: ['superadmin'], env: { IMAGE_HOSTS: 'https://cdn.health.example, not-a-url' } });

const imgSrc = (csp: string | null) => csp?.split(';').map((d) => d.trim()).find((d) => d.startsWith('img-src')) ?? '';

describe('images from elsewhere', () => {
  test('the CSP loads images from the console only, unless IMAGE_HOSTS names more', async () => {
    const a = await plain.call('anonymous', 'GET', '/api/auth/config');
    expect(imgSrc(a.headers.get('content-security-policy'))).toBe("img-src 'self' data: blob:");
    expect(a.body.data.imageOrigins).toEqual([]);
    const b = await withCdn.call('anonymous', 'GET', '/api/auth/config');
    expect(imgSrc(b.headers.get('content-security-policy'))).toBe("img-src 'self' data: blob: https://cdn.health.example");
    expect(b.body.data.imageOrigins).toEqual(['https://cdn.health.example']);
  });

  test('an image field refuses an address on another host: 400 naming the field, nothing stored', async () => {
    const name = `Tracked ${Date.now()}`;
    const r = await plain.call('superadmin', 'POST', '/api/specialist', { name, icon: 'https://tracker.example/pixel.gif' });
    expect(r.status, r.text).toBe(400);
    expect(r.body.errors[0]).toMatchObject({ field: 'icon', code: 'external_image' });
    const list = await plain.call('superadmin', 'GET', `/api/specialist?q=${encodeURIComponent(name)}`);
    expect(list.body.data).toHaveLength(0);
    // An upload of the content store, and an address on an allowed host, are kept.
    expect((await plain.call('superadmin', 'POST', '/api/specialist', { name: `${name} own`, icon: 'content/uploads/a.png' })).status).toBe(201);
    const cdn = await withCdn.call('superadmin', 'POST', '/api/specialist', { name, icon: 'https://cdn.health.example/icons/heart.png' });
    expect(cdn.status, cdn.text).toBe(201);
    expect(cdn.body.data.icon).toBe('https://cdn.health.example/icons/heart.png');
  });

  test('an edit cannot bring one in either', async () => {
    const name = `Edited ${Date.now()}`;
    const made = await plain.call('superadmin', 'POST', '/api/specialist', { name });
    const r = await plain.call('superadmin', 'PUT', `/api/specialist/${made.body.data.id}`, { name, status: 'active', icon: 'https://tracker.example/p.png', version: made.body.data.version });
    expect(r.status, r.text).toBe(400);
    expect(r.body.errors[0]).toMatchObject({ field: 'icon', code: 'external_image' });
  });

  test('rich text keeps its own images and those of allowed hosts, and loses the others', async () => {
    const answer = '<p>See <img src="https://tracker.example/p.gif" alt="x"> and <img src="/content/uploads/chart.png" alt="chart">'
      + ' and <img src="https://cdn.health.example/a.png" alt="cdn"> and <IMG SRC="//tracker.example/q.gif"></p>';
    const r = await plain.call('superadmin', 'POST', '/api/faq', { question: `Why ${Date.now()}?`, answer });
    expect(r.status, r.text).toBe(201);
    expect(r.body.data.answer).toContain('/content/uploads/chart.png');
    expect(r.body.data.answer).not.toContain('tracker.example');
    expect(r.body.data.answer).not.toContain('cdn.health.example');
    const c = await withCdn.call('superadmin', 'POST', '/api/faq', { question: `Why ${Date.now()}?`, answer });
    expect(c.status, c.text).toBe(201);
    expect(c.body.data.answer).toContain('https://cdn.health.example/a.png');
    expect(c.body.data.answer).not.toContain('tracker.example');
  });
});
