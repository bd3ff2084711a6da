import { checkBackup } from './check';

/**
 * `node --import tsx src/server/backup/check-cli.ts FILE WORKDIR`: checks a backup (check.ts) and prints the result as
 * one JSON line; exit code 0 when it is whole. The scheduled backups run it as a process of its own (schedule.ts), so
 * the serving process neither waits on the check's database nor holds its memory.
 */
const [file, workDir] = process.argv.slice(2);
if (!file || !workDir) {
  process.stderr.write('usage: check-cli.ts FILE WORKDIR\n');
  process.exit(2);
}
// The key comes by the environment (BACKUP_KEY), never the command line, which other users of the host may read.
const result = await checkBackup(file, workDir, process.env.BACKUP_KEY || undefined);
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(result.ok ? 0 : 1);
