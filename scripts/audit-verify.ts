import { readConfig } from '../src/server/config';
import { verifyAuditChain } from '../src/server/crud/audit-verify';
import { openDatabase } from '../src/server/db/connection';

/**
 * npm run audit:verify: walks the audit log's hash chain of the console's database (DATA_DIR, or DATABASE_URL) and
 * names the first row that does not hold. The embedded database is one process's: stop the console first (a server
 * database can be checked while the console runs). Exit 0 when the chain holds, 1 when it does not, 2 when it cannot.
 */
const config = readConfig(process.env);
let database;
try {
  database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
} catch (err) {
  console.error(`Cannot open the database: ${(err as Error).message}`);
  process.exit(2);
}
try {
  const started = Date.now();
  const report = await verifyAuditChain(database.db, (n) => { if (n % 100_000 === 0 && n) console.log(`${n.toLocaleString('en')} rows checked`); });
  if (report.broken) {
    console.error(`The audit log does not hold from row seq ${report.broken.seq} (id ${report.broken.id}): ${report.broken.why}.`);
    console.error(`${report.rows.toLocaleString('en')} rows before it hold.`);
    process.exitCode = 1;
  } else {
    console.log(`The audit log holds: ${report.rows.toLocaleString('en')} rows chained, checked in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    console.log(`Head hash: ${report.head ?? '(empty log)'}`);
  }
} catch (err) {
  console.error(`Cannot check the audit log: ${(err as Error).message}`);
  process.exitCode = 2;
} finally {
  await database.close();
}
