import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { gatewaySender, mobileNumber, smsFileSender } from './sms';

describe('mobileNumber: a stored phone as a mobile in international form, or null', () => {
  test.each([
    ['+91 98123 45678', '+919812345678'], ['9812345678', '+919812345678'], ['09812345678', '+919812345678'],
    ['919812345678', '+919812345678'], ['0091 98123-45678', '+919812345678'], ['(+91) 6123 456 789', '+916123456789'],
    ['9123456789', '+919123456789'], ['+44 7700 900123', '+447700900123'], ['0044 7700 900123', '+447700900123'],
    ['+91 22 2345 6789', null], ['022 2345 6789', null], ['+91 40 1234 5678', null], ['12345', null], ['', null], [null, null], [42, null],
  ])('%j → %j', (phone, mobile) => {
    expect(mobileNumber(phone)).toBe(mobile);
  });
});

describe('the local file (no gateway configured)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sms-file-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  test('a line a message, readable by its owner only', async () => {
    const file = path.join(dir, 'sms.txt');
    await smsFileSender(file)({ to: '+919812345678', text: 'Hello,\tplease\ncomplete your profile.' });
    await smsFileSender(file)({ to: '+447700900123', text: 'Second.' });
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z\t\+919812345678\tHello, please complete your profile\.$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});

describe('the gateway: POST {to, text} with the bearer key; anything but 2xx is a failure', () => {
  const seen: { method?: string; url?: string; auth?: string; type?: string; body: unknown }[] = [];
  let answer: (res: import('node:http').ServerResponse) => void = (res) => res.writeHead(202).end();
  let server: Server;
  let url = '';
  const body = async (req: IncomingMessage) => { let s = ''; for await (const chunk of req) s += chunk; return JSON.parse(s); };
  beforeAll(async () => {
    server = createServer(async (req, res) => {
      seen.push({ method: req.method, url: req.url, auth: req.headers.authorization, type: req.headers['content-type'], body: await body(req) });
      answer(res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/messages`;
  });
  afterAll(() => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }));

  test('delivered on 2xx', async () => {
    await gatewaySender({ url, key: 'k3y' })({ to: '+919812345678', text: 'Hi' });
    expect(seen.at(-1)).toEqual({ method: 'POST', url: '/v1/messages', auth: 'Bearer k3y', type: 'application/json', body: { to: '+919812345678', text: 'Hi' } });
  });

  test('a 5xx, a 4xx and a redirect throw, naming the status only (never the number, nor what the gateway said)', async () => {
    answer = (res) => res.writeHead(503).end('cannot send to +919812345678');
    await expect(gatewaySender({ url, key: 'k' })({ to: '+919812345678', text: 'Hi' })).rejects.toThrow(/^the SMS gateway answered 503$/);
    answer = (res) => res.writeHead(401).end();
    await expect(gatewaySender({ url, key: 'k' })({ to: '+919812345678', text: 'Hi' })).rejects.toThrow(/answered 401/);
    answer = (res) => res.writeHead(307, { location: '/elsewhere' }).end();
    const before = seen.length;
    await expect(gatewaySender({ url, key: 'k' })({ to: '+919812345678', text: 'Hi' })).rejects.toThrow(/could not be reached \(unexpected redirect\)/);
    expect(seen.length).toBe(before + 1);
  });

  test('no answer within the timeout, or nobody listening: a failure', async () => {
    answer = () => { /* never answers */ };
    await expect(gatewaySender({ url, key: 'k' }, 200)({ to: '+919812345678', text: 'Hi' })).rejects.toThrow(/no answer within 0.2 s/);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(gatewaySender({ url: `http://127.0.0.1:${port}/`, key: 'k' })({ to: '+919812345678', text: 'Hi' })).rejects.toThrow(/could not be reached \(ECONNREFUSED\)/);
  });
});
