import { serve } from '@hono/node-server';
import { createApp } from './app';
import { boot } from './boot';
import { readConfig } from './config';

/** `npm start`: one Node process serving the built console, /api and /content. */
async function main() {
  const config = readConfig();
  const log = (line: string) => console.log(line);
  const database = await boot(config, { log });
  const app = createApp({ db: database.db, config });
  const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
    console.log(`Console listening on http://localhost:${info.port} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`);
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: closing`);
    server.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error((err as Error).message);
  process.exit(1);
});
