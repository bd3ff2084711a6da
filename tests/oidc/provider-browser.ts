/**
 * A browser's part at an OpenID provider, by hand: redirects followed one by one, cookies kept, the development
 * sign-in form of oidc-provider filled in. Enough for an API test to get the code a provider gives a person, as a
 * browser would carry it back to the console.
 */
export class ProviderBrowser {
  readonly cookies = new Map<string, string>();

  async go(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await fetch(url, { method: init.method ?? 'GET', redirect: 'manual', headers, body: init.form ? new URLSearchParams(init.form).toString() : undefined });
    for (const cookie of res.headers.getSetCookie()) {
      const pair = cookie.split(';')[0];
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (!value || /expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /**
   * From the provider's authorization address to the console's callback: signs in as `login` (any password) and
   * answers the address the provider sends the browser back to (starting with `back`).
   */
  async signIn(authorizationUrl: string, login: string, back: string): Promise<URL> {
    let res = await this.go(authorizationUrl);
    for (let hops = 0; hops < 10; hops++) {
      if (res.status < 300 || res.status >= 400) throw new Error(`the provider answered ${res.status}: ${(await res.text()).slice(0, 500)}`);
      const next = new URL(res.headers.get('location')!, authorizationUrl);
      if (next.href.startsWith(back)) return next;
      // The sign-in form (oidc-provider's development interaction): posted back to its own address.
      if (/^\/interaction\/[^/]+$/.test(next.pathname)) {
        await this.go(next.href);
        res = await this.go(next.href, { method: 'POST', form: { prompt: 'login', login, password: 'any password' } });
      } else {
        res = await this.go(next.href);
      }
    }
    throw new Error('the provider never sent the browser back');
  }
}
