import { readCli, type CliOptions, type Part } from './options';
import { clock } from './progress';

/**
 * `npm run bench [-- part… options]`: every figure of issues 8 and 10, one part after another, each announced by a
 * progress line on stderr, then all their summary lines together:
 *  - `--data`: the data-set timings (bench/run.ts): list pages, the list search box (q), cross-entity search;
 *  - `--browser`: the first-load size and the palette's timings in headless Chromium (bench/browser.ts);
 *  - `--load`: fifty staff at once (bench/load.ts) on the embedded database, then on PostgreSQL (bench/postgres.ts);
 *  - `--fanout`: the change stream under load (bench/fanout.ts), on the same two;
 *  - `--import`: 10,000 patients imported beside other staff's list pages (bench/import.ts), on the embedded database.
 *  - `--campaign`: a 10,000-recipient campaign's send and the list pages' p95 beside it (bench/campaign.ts), named only.
 * Naming parts runs only those; `--help` lists the options. A part that fails is reported, and the others still run.
 */
const log = (line: string) => process.stderr.write(`${line}\n`);

const TITLES: Record<Part, string> = {
  data: 'data set (list pages, list search, cross-entity search)',
  browser: 'browser (first load, palette)',
  load: 'load (fifty staff at once)',
  fanout: 'fan-out (the change stream under load)',
  import: 'import (10,000 patients beside other staff\'s lists)',
  campaign: 'campaign (10,000 recipients, list pages beside it)',
};

async function runPart(part: Part, opts: CliOptions): Promise<string[]> {
  if (part === 'data') return (await import('./run')).runDataSet(opts.data);
  if (part === 'browser') return (await import('./browser')).runBrowserBench(opts.browser);
  if (part === 'import') {
    // One line a request would bury the figures: the console in-process logs warnings only.
    process.env.LOG_LEVEL ??= 'warn';
    return (await import('./import')).runImportBench();
  }
  if (part === 'fanout') return (await import('./postgres')).runFanoutParts(opts.fanout);
  if (part === 'campaign') {
    process.env.LOG_LEVEL ??= 'warn';
    return (await import('./campaign')).runCampaignBench();
  }
  return (await import('./postgres')).runLoadParts(opts.load);
}

async function main() {
  const opts = readCli();
  const summary: string[] = [];
  let failed = 0;
  for (const [i, part] of opts.parts.entries()) {
    const started = performance.now();
    log(`\n=== [${i + 1}/${opts.parts.length}] ${TITLES[part]} ===`);
    try {
      summary.push(...(await runPart(part, opts)));
    } catch (err) {
      failed++;
      console.error(err);
      summary.push(`${TITLES[part]}: FAILED (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`);
    }
    log(`=== ${TITLES[part]}: ${clock((performance.now() - started) / 1000)} ===`);
  }
  if (opts.parts.length > 1 && summary.length) console.log(`\nSummary:\n${summary.map((l) => (l.includes('\n') ? l : `- ${l}`)).join('\n')}`);
  process.exit(failed ? 1 : 0);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
