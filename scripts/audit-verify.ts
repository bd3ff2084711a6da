import { readConfig } from '../src/server/config';
import { readAnchors } from '../src/server/audit/audit-anchors';
import { verifyAuditChain } from '../src/server/audit/audit-verify';
import { openDatabase } from '../src/server/db/connection';

/**
 * npm run audit:verify: walks the audit log's hash chain of the console's database (DATA_DIR, or DATABASE_URL),
 * recomputing every sealed row's digest here, and holds it to every anchor of AUDIT_ANCHOR_FILE; names the first row
 * that does not hold, and says how many rows wait to be sealed. The embedded database is one process's: stop the
 * console first (a server database can be checked while the console runs). Exit 0 when the chain holds, 1 when it does not, 2 when it cannot be checked.
 */
const config = readConfig(process.env);
// Read before the walk: every anchor then names a row the walk will reach, even while a console adds rows.
const anchorFile = readAnchors(config.auditAnchorFile);
let database;
try {
  database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
} catch (err) {
  console.error(`Cannot open the database: ${(err as Error).message}`);
  process.exit(2);
}
try {
  const started = Date.now();
  const report = await verifyAuditChain(database.db, {
    anchors: anchorFile?.anchors,
    progress: (n) => { if (n % 100_000 === 0 && n) console.log(`${n.toLocaleString('en')} rows checked`); },
  });
  if (!anchorFile) console.warn(`No anchors: ${config.auditAnchorFile} does not exist, so a log rewritten with its hashes computed again, or cut short, would pass. A console writes it as it runs (AUDIT_ANCHOR_FILE).`);
  else if (anchorFile.unreadable.length) console.warn(`${config.auditAnchorFile}: line${anchorFile.unreadable.length > 1 ? 's' : ''} ${anchorFile.unreadable.slice(0, 10).join(', ')} ${anchorFile.unreadable.length > 1 ? 'are' : 'is'} not an anchor: the file was damaged or written by hand.`);
  for (const r of report.anchors.restores) console.log(`A restore of ${r.at} went back to seq ${r.seq}.`);
  if (report.anchors.setAside) console.log(`${report.anchors.setAside} anchors of rows past a restore's point were set aside.`);
  if (report.broken) {
    console.error(`The audit log does not hold from row seq ${report.broken.seq}${report.broken.id === null ? '' : ` (id ${report.broken.id})`}: ${report.broken.why}.`);
    console.error(`${report.rows.toLocaleString('en')} rows before it hold.`);
    process.exitCode = 1;
  } else {
    console.log(`The audit log holds: ${report.rows.toLocaleString('en')} rows chained, ${report.anchors.checked.toLocaleString('en')} anchors of ${config.auditAnchorFile} met, checked in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    console.log(`Head hash: ${report.head ?? '(empty log)'}`);
  }
  // Rows the sealer has not chained yet (audit/audit-seal.ts): a running console seals them within a second or so, a
  // stopped one at its next start.
  console.log(report.unsealed
    ? `${report.unsealed.toLocaleString('en')} row${report.unsealed === 1 ? '' : 's'} wait${report.unsealed === 1 ? 's' : ''} to be sealed, not checked yet.`
    : 'No row waits to be sealed.');
} catch (err) {
  console.error(`Cannot check the audit log: ${(err as Error).message}`);
  process.exitCode = 2;
} finally {
  await database.close();
}
