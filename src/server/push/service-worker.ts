import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from '../http';
import { describeCalls } from '../http/call-docs';

/**
 * `/firebase-messaging-sw.js`: the service worker Firebase's getToken registers (use-push-token.ts), at the root as it
 * expects. Made from FIREBASE_CONFIG: it loads Firebase's own messaging scripts from the console itself (the same
 * package the client is built with, served under /firebase-messaging-sw/), so the CSP's `script-src 'self'` allows
 * them and no CDN is trusted, initialises the app with the config, and lets Firebase show a push that arrives while
 * no console is open. Without FIREBASE_CONFIG these addresses are 404: no worker, no push.
 */
const SCRIPTS = { 'app.js': 'firebase-app-compat.js', 'messaging.js': 'firebase-messaging-compat.js' } as const;
/** The web config's keys (all public by Firebase's design); anything else in the variable is left out. */
const CONFIG_KEYS = ['apiKey', 'authDomain', 'projectId', 'storageBucket', 'messagingSenderId', 'appId', 'measurementId', 'databaseURL'];

let scripts: Record<string, string> | undefined;
const firebaseScripts = () => {
  if (scripts) return scripts;
  const dir = path.dirname(createRequire(import.meta.url).resolve('firebase/package.json'));
  scripts = Object.fromEntries(Object.entries(SCRIPTS).map(([name, file]) => [name, readFileSync(path.join(dir, file), 'utf8')]));
  return scripts;
};

/**
 * A click on a push opens the item's record: the link the push carries (push/fcm.ts puts it in the message's data,
 * which Firebase keeps under FCM_MSG on the notification it shows). A console tab already open is focused and told
 * to go there (use-push-token.ts listens; the tabs are not this worker's to navigate: its scope is Firebase's own),
 * else a new window opens at the link. Added before Firebase's handler, which opens only an https link (fcm_options)
 * and takes every click of its own notifications; a link to another origin is left to it.
 */
export const OPEN_ON_CLICK = `self.addEventListener('notificationclick', function (event) {
  var data = (event.notification && event.notification.data) || {};
  var message = data.FCM_MSG || data;
  var link = (message.data && message.data.link) || message.link;
  if (typeof link !== 'string') return;
  var url;
  try { url = new URL(link, self.location.origin); } catch (e) { return; }
  if (url.origin !== self.location.origin) return;
  event.stopImmediatePropagation();
  event.notification.close();
  var path = url.pathname + url.search + url.hash;
  event.waitUntil(self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (tabs) {
    var tab = tabs.find(function (c) { return new URL(c.url).pathname.indexOf('/dashboard') === 0; });
    if (!tab) return self.clients.openWindow(url.href);
    return tab.focus().then(function (focused) { (focused || tab).postMessage({ type: 'console-open', link: path }); });
  }));
});`;

/** The worker's source for a web config (JSON text); null when it is not a JSON object. */
export function serviceWorkerSource(firebaseConfig: string): string | null {
  let parsed: unknown;
  try { parsed = JSON.parse(firebaseConfig); } catch { return null; }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const config = Object.fromEntries(CONFIG_KEYS.filter((k) => typeof (parsed as Record<string, unknown>)[k] === 'string').map((k) => [k, (parsed as Record<string, string>)[k]]));
  return `// Made by the console from FIREBASE_CONFIG.
${OPEN_ON_CLICK}
importScripts('/firebase-messaging-sw/app.js', '/firebase-messaging-sw/messaging.js');
firebase.initializeApp(${JSON.stringify(config).replace(/</g, '\\u003c')});
firebase.messaging();
`;
}

const JS = { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' };

describeCalls({
  'GET /firebase-messaging-sw.js': {
    summary: "The push service worker, with the console's Firebase config", ok: { status: 200, type: 'text/javascript' },
    otherwise: { status: 404, description: 'Push is not configured on this console', type: 'text/plain' },
  },
  'GET /firebase-messaging-sw/{name}': {
    summary: 'One of the Firebase scripts the push service worker loads, served by the console itself', ok: { status: 200, type: 'text/javascript' },
    otherwise: { status: 404, description: 'No push on this console, or no such script', type: 'text/plain' },
  },
});

export function serviceWorkerRoutes(firebaseConfig: string | undefined): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const source = firebaseConfig ? serviceWorkerSource(firebaseConfig) : null;
  app.get('/firebase-messaging-sw.js', (c) => (source ? c.body(source, 200, JS) : c.text('Push is not configured', 404)));
  app.get('/firebase-messaging-sw/:name', (c) => {
    const name = c.req.param('name');
    if (!source || !(name in SCRIPTS)) return c.text('Not found', 404);
    return c.body(firebaseScripts()[name], 200, { ...JS, 'cache-control': 'public, max-age=86400' });
  });
  return app;
}
