import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { keepConnectionsAlive } from './keep-alive';

describe('keepConnectionsAlive', () => {
  it('keeps idle connections past the usual proxies’ 60 s, and headers longer still', () => {
    const server = keepConnectionsAlive(http.createServer());
    expect(server.keepAliveTimeout).toBeGreaterThan(60_000);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
  });

  it('keeps a connection the client reuses after the default 5 s idle window', async () => {
    const server = keepConnectionsAlive(http.createServer((_req, res) => res.end('ok')));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () => new Promise<string>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port, agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(String(res.headers['keep-alive'] ?? '')));
      }).on('error', reject);
    });
    const hint = await get();
    // The server tells clients how long it keeps an idle connection; 65 s, not Node's default 5.
    expect(hint).toMatch(/timeout=65/);
    agent.destroy();
    await new Promise((r) => { server.closeAllConnections(); server.close(r); });
  });
});
