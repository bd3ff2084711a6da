import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { boot } from './boot';
import { readConfig } from './config';
import { clusterRole, refuseEmbeddedCluster, startWorkers } from './cluster';
import { openDatabase } from './db/connection';
import { startMailSender } from './mail';
import { startWorklistCounts } from './inbox/worklist-counts';
import { startTrashPurge } from './crud/trash';
import { startMaintenance } from './db/maintenance';
import { startBackups } from './backup/schedule';
import { startAnchoring } from './audit/audit-anchors';
import { startAuditSealer } from './audit/audit-seal';
import { startScheduler } from './scheduler/runs';
import './jobs';
import { startAppointmentReminders } from './reminders/appointment-reminders';
import { markInterrupted } from './import/job';
import { logger, logLine, scrub } from './ops/logger';
import { countRequests, shutDown } from './ops/shutdown';
import { keepConnectionsAlive } from './ops/keep-alive';
import { keepFilesPrivate, privateDataDir } from './ops/private-files';
import { providerOf } from './auth/oidc';

/** `npm start`: one Node process serving the built console, /api and /content. */
async function main() {
  keepFilesPrivate();
  const config = readConfig();
  const log = logLine;
  privateDataDir(config.dataDir, log);
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
  if (!config.databaseUrl) {
    const interrupted = await markInterrupted(database.db);
    if (interrupted) log(`${interrupted} import(s) a stop of the console interrupted: their written batches are kept`);
  }
  // The audit chain's head, outside the database: now, every 5 minutes while it grows, and at the stop (audit/audit-anchors.ts).
  const stopAnchoring = await startAnchoring(database.db, config.auditAnchorFile, log);
  // Audit rows are appended unchained; one process at a time chains them, within about a second (audit/audit-seal.ts).
  const sealer = startAuditSealer(database.db, { log });
  const lifecycle = { stopping: false };
  const app = createApp({ db: database.db, config, database, lifecycle });
  // Mail leaves from here, never from a request (mail.ts); every serving process sends, rows are claimed one by one.
  const stopMail = startMailSender(database.db, config, log);
  // The worklists' counts in their workers' inboxes, counted again after changes to what they read (inbox/worklist-counts.ts).
  const stopCounts = startWorklistCounts(database, database.db, { log, bufferSize: config.eventsBuffer });
  // Deleted records are kept for Undo, then deleted for good here; every process purges, rows are claimed (crud/trash.ts).
  const stopPurge = startTrashPurge(database.db, log);
  // The embedded database has no autovacuum: statistics and the visibility map are kept up here (db/maintenance.ts).
  const stopMaintenance = startMaintenance(database.db, database.kind, log);
  // BACKUP_DIR: copies of the embedded database, each checked once written (backup/schedule.ts).
  const stopBackups = startBackups(database, config, log);
  // Work that happens without a click (campaigns, …): runs in the database, each due run taken by one process (scheduler/).
  const scheduler = startScheduler(database.db, { tickSeconds: config.schedulerTickSeconds, log });
  // Its standing run, queued again with this start's settings (APPOINTMENT_REMINDER_HOURS, CENTRE_TIME_ZONE).
  await startAppointmentReminders(database.db, { hours: config.appointmentReminderHours, timeZone: config.centreTimeZone });
  if (config.metricsToken && config.metricsToken.length < 16) logger.warn('METRICS_TOKEN is shorter than 16 characters: make it a long random one');
  // Hosted login's provider, asked once now so that a wrong issuer shows in the log at start rather than at the first
  // sign-in; the console starts either way (the provider may be back before anyone signs in), and asks again then.
  if (config.oidc) {
    const { issuer } = config.oidc;
    providerOf(config.oidc).then(() => log(`Hosted login: ${issuer} answered discovery`),
      (err: Error) => logger.warn(`Hosted login: ${issuer} did not answer discovery (${scrub(err.message)}); sign-ins will ask again`));
  }
  const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
    log(`Console listening on http://localhost:${info.port} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'}${role === 'worker' ? `, worker ${process.pid}` : ''})`);
  }) as Server;
  keepConnectionsAlive(server);
  const requests = countRequests(server);
  const closeDatabase = async () => {
    // Once the last request is answered: its rows sealed, the last anchor names the last row.
    await sealer.stop();
    await stopAnchoring();
    await database.close();
  };
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    // A shutdown that hangs (a database that never answers) still ends, past its grace and a margin.
    setTimeout(() => {
      logger.error('shutdown did not finish in time: exiting');
      process.exit(1);
    }, config.shutdownGraceSeconds * 1000 + 30_000).unref();
    shutDown({ server, lifecycle, graceMs: config.shutdownGraceSeconds * 1000, jobs: [stopMail, stopCounts, stopPurge, stopMaintenance, stopBackups, scheduler.stop], closeDatabase, log }, requests, signal)
      .then(() => process.exit(0), (err: Error) => {
        logger.error(`shutdown: ${err.message}`);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err) => {
  logger.fatal(scrub((err as Error).message));
  process.exit(1);
});
