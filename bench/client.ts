import type { Hono } from 'hono';
import type { AppEnv } from '../src/server/http';

export interface Reply { status: number; ms: number; body: { data?: unknown; errors?: { message: string }[]; nextCursor?: string | null; total?: number } }

/** Calls the real app in-process, as a signed-in browser would: the time covers routing, auth, validation, SQL and JSON. */
export class Client {
  private token = '';

  constructor(private readonly app: Hono<AppEnv>) {}

  async signIn(email: string, password: string): Promise<void> {
    const res = await this.app.request('/api/adminUser/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const body = (await res.json()) as { data?: { token: string } };
    if (res.status !== 200 || !body.data?.token) throw new Error(`signing in as ${email} failed: ${res.status} ${JSON.stringify(body)}`);
    this.token = body.data.token;
  }

  get(path: string): Promise<Reply> {
    return this.send(path, { headers: { authorization: `Bearer ${this.token}` } });
  }

  post(path: string, body: unknown): Promise<Reply> {
    return this.send(path, { method: 'POST', headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  }

  private async send(path: string, init: RequestInit): Promise<Reply> {
    const started = performance.now();
    const res = await this.app.request(path, init);
    const text = await res.text();
    const ms = performance.now() - started;
    return { status: res.status, ms, body: JSON.parse(text) as Reply['body'] };
  }
}
