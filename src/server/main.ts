import { serve } from '@hono/node-server';
import { createApp } from './app';
import { boot } from './boot';
import { readConfig } from './config';
import { clusterRole, refuseEmbeddedCluster, startWorkers } from './cluster';
import { openDatabase } from './db/connection';
import { startMailSender } from './mail';
import { startTrashPurge } from './crud/trash';
import { startMaintenance } from './db/maintenance';

/** `npm start`: one Node process serving the built console, /api and /content. */
async function main() {
  const config = readConfig();
  const log = (line: string) => console.log(line);
  const role = clusterRole(config);
  refuseEmbeddedCluster(config);
  if (config.seller.demo && role !== 'worker') log('Invoices name the demo seller: set SELLER_NAME, SELLER_ADDRESS and SELLER_GSTIN before issuing real ones.');
  if (role === 'primary') {
    // Migrate and seed once, then let the workers serve.
    await (await boot(config, { log })).close();
    startWorkers(config, log);
    return;
  }
  const database = role === 'worker' ? await openDatabase({ url: config.databaseUrl }) : await boot(config, { log });
  const app = createApp({ db: database.db, config });
  // Mail leaves from here, never from a request (mail.ts); every serving process sends, rows are claimed one by one.
  const stopMail = startMailSender(database.db, config, log);
  // Deleted records are kept for Undo, then deleted for good here; every process purges, rows are claimed (crud/trash.ts).
  const stopPurge = startTrashPurge(database.db, log);
  // The embedded database has no autovacuum: statistics and the visibility map are kept up here (db/maintenance.ts).
  const stopMaintenance = startMaintenance(database.db, database.kind, log);
  const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
    console.log(`Console listening on http://localhost:${info.port} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'}${role === 'worker' ? `, worker ${process.pid}` : ''})`);
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: closing`);
    server.close();
    await stopMail();
    await stopPurge();
    await stopMaintenance();
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
