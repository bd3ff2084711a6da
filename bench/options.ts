import path from 'node:path';

/** What the data-set part (bench/run.ts) was asked to do. */
export interface BenchOptions {
  /** Multiplies every row count: 1 = 200,000 patients, 20,000 doctors, 2,000,000 appointments and as many payments, 1,180,000 other records of care and money and 1,000,000 other rows. */
  scale: number;
  /** Rebuild the data set even when one of the same scale is already there. */
  fresh: boolean;
  /** The embedded database's folder (only ever the bench's own). */
  dataDir: string;
  /** Timed runs and warm-up runs per operation. */
  runs: number;
  warmup: number;
  /** Seed (or check the seed) and stop. */
  seedOnly: boolean;
  /** Only operations whose name contains this text. */
  only?: string;
  /**
   * VACUUM the data set before timing (once; the data set then stays vacuumed): the visibility map a PostgreSQL
   * server's autovacuum keeps, which lets counts and index-only scans skip the table. PGlite runs no autovacuum.
   */
  vacuum: boolean;
  /** Print the slowest statement of each operation over target (`all`: of every operation) with its EXPLAIN ANALYZE plan. */
  explain: false | 'slow' | 'all';
  /**
   * `--growth[=A,B]`: seed (or reuse) two scales, each in its own folder under dataDir (`scale-A`, `scale-B`), time the
   * operations whose cost should not grow with the data on both, and compare (bench/growth.ts). Null: one scale.
   */
  growth: [number, number] | null;
}

/** The browser part (bench/browser.ts). */
export interface BrowserOptions {
  /** Measured palette runs (each: open, two timed keystrokes, a surname typed); 0 measures the first load only. */
  paletteRuns: number;
  /** Use the console already listening on BENCH_BROWSER_PORT instead of starting one. */
  external: boolean;
  /** Record Chromium's CPU profile of the palette runs and print where the time went. */
  profile: boolean;
}

/** The load part (bench/load.ts). */
export interface LoadOptions {
  seconds: number;
  connections: number;
  /** The embedded database, and/or a PostgreSQL server (DATABASE_URL's, else a throwaway local one). */
  databases: ('embedded' | 'postgres')[];
  /** Use the console already listening on BENCH_LOAD_PORT (to profile it, e.g. started with node --cpu-prof). */
  external: boolean;
  /** `--compare=<git ref>`: this tree beside the build at that ref, alternating stretches, ratios (bench/compare.ts). */
  compare?: string;
}

/** The fan-out part (bench/fanout.ts). */
export interface FanoutOptions {
  streams: number;
  writers: number;
  seconds: number;
  /** Seconds of the load mix run in each half, with no stream open and with the streams open (0: none). */
  loadSeconds: number;
  databases: ('embedded' | 'postgres')[];
}

export type Part = 'data' | 'browser' | 'load' | 'fanout' | 'import' | 'campaign';
export const PARTS: readonly Part[] = ['data', 'browser', 'load', 'fanout', 'import', 'campaign'];

export interface CliOptions { parts: Part[]; data: BenchOptions; browser: BrowserOptions; load: LoadOptions; fanout: FanoutOptions }

export const USAGE = `npm run bench -- [part…] [options]
  With no part: every part, one after another: --data, then --browser, then --load, then --fanout.
  --data      the data-set timings: list pages, the list search box (q), cross-entity search, care and money calls,
              on a large seeded data set (seeded once into --data-dir, then reused)
                [--scale=1] [--fresh] [--vacuum] [--runs=40] [--warmup=5] [--only=TEXT] [--explain[=all]] [--seed-only]
                [--data-dir=.bench-data]   (BENCH_SCALE=0.1 works as --scale; BENCH_DEBUG=1 prints seeding detail)
                [--growth[=0.05,0.2]]   two scales open at once (each in DATA-DIR/scale-S), each operation's calls to one
                and the other in turn: list pages, pickers,
                the fmc dashboard and a timeline on both, each p95 and its ratio, then how many miss (--runs=100 unless given)
  --browser   first-load size and the palette's timings in headless Chromium
                [--palette-runs=40] [--profile] [--external]   (port BENCH_BROWSER_PORT, default 8734; --palette-runs=0:
                the first load only)
  --load      fifty staff at once on the demo data: the embedded database, then PostgreSQL (DATABASE_URL's server,
              else a throwaway local one as scripts/with-postgres.sh starts it, else skipped)
                [--load=embedded|postgres] [--seconds=60] [--connections=50] [--external]   (port BENCH_LOAD_PORT, default 8733)
                [--compare=REF]   this tree beside the build at git REF (a temporary worktree, this tree's node_modules),
                on the same data, the mix in alternating stretches on each, and the ratio this / REF of each operation's
                p50, p99 and requests/s (REF's console on BENCH_LOAD_PORT + 1; WORKERS is given to both)
  --fanout    the change stream under load: open streams, writers, each change timed from its commit to every stream
              entitled to it, memory per stream and CPU per delivery, then the load mix alternating without and with
              the streams open, as fast as answered and then at half that rate (latency at a load carried); the embedded
              database, then
              PostgreSQL with two console processes (found as --load finds it)
                [--fanout=embedded|postgres] [--streams=200] [--writers=50] [--seconds=20] [--load-seconds=30]
  --import    10,000 patients imported on the embedded database (a fresh folder) while four staff page through lists:
              the import's time, and the lists' p95 beside it and with nothing running, in one run
  --campaign  a campaign to 10,000 patients on the embedded database (a fresh folder), sent by the scheduler while the
              list pages are read in a loop: recipients, time to sent, rate, and the lists' p95 beside it and quiet
  BENCH_LOAD_DIR names the embedded data folder of --browser, --load and --fanout (default .bench-load).`;

const VALUE_OPTIONS = ['scale', 'data-dir', 'runs', 'warmup', 'only', 'palette-runs', 'seconds', 'connections', 'streams', 'writers', 'load-seconds', 'compare'];
const FLAGS = ['fresh', 'vacuum', 'seed-only', 'explain', 'profile', 'external', 'help', 'growth', ...PARTS];

/**
 * Timed calls an operation of `--growth` gets when --runs is not given (fewer for a slow one, within its time budget):
 * its figure is a ratio of two p95s, and of 40 calls the p95 is the third slowest, so that three stray calls on one
 * data set move a small page's ratio past 1.5×; of 100 it takes six.
 */
export const GROWTH_RUNS = 100;

/** The two scales `--growth` compares when none are named: 320,000 and 1,280,000 rows. */
export const GROWTH_SCALES: [number, number] = [0.05, 0.2];

function growthScales(raw: string | undefined): [number, number] | null {
  if (raw === undefined) return null;
  if (raw === 'true') return GROWTH_SCALES;
  const scales = raw.split(',').map(Number);
  if (scales.length !== 2 || scales.some((n) => !Number.isFinite(n) || n < 0.0001) || scales[0] >= scales[1]) {
    throw new Error(`--growth takes two scales, the smaller first (--growth=0.05,0.2), not ${raw}`);
  }
  return [scales[0], scales[1]];
}

export function readCli(argv: string[] = process.argv.slice(2), env: NodeJS.ProcessEnv = process.env): CliOptions {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(argv[i]);
    if (!m) throw new Error(`Unknown argument ${argv[i]}\n${USAGE}`);
    let value = m[2];
    // `--seconds 30` as well as `--seconds=30` (the load bench's older form).
    if (value === undefined && VALUE_OPTIONS.includes(m[1]) && argv[i + 1] !== undefined && !argv[i + 1].startsWith('--')) value = argv[++i];
    if (!VALUE_OPTIONS.includes(m[1]) && !FLAGS.includes(m[1])) throw new Error(`Unknown option --${m[1]}\n${USAGE}`);
    flags.set(m[1], value ?? 'true');
  }
  if (flags.has('help')) { console.log(USAGE); process.exit(0); }

  const num = (name: string, raw: string | undefined, fallback: number, min: number) => {
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isFinite(n) || n < min) throw new Error(`--${name} must be a number of at least ${min}`);
    return n;
  };
  const scale = num('scale', flags.get('scale') ?? env.BENCH_SCALE, 1, 0.0001);
  const data: BenchOptions = {
    scale,
    fresh: flags.has('fresh'),
    // `--data=FOLDER`, the older spelling of --data-dir, still names the folder.
    dataDir: path.resolve(flags.get('data-dir') ?? (flags.get('data') === 'true' ? undefined : flags.get('data')) ?? '.bench-data'),
    runs: Math.round(num('runs', flags.get('runs'), flags.has('growth') ? GROWTH_RUNS : 40, 1)),
    warmup: Math.round(num('warmup', flags.get('warmup'), 5, 0)),
    seedOnly: flags.has('seed-only'),
    vacuum: flags.has('vacuum'),
    only: flags.get('only'),
    explain: !flags.has('explain') ? false : flags.get('explain') === 'all' ? 'all' : 'slow',
    growth: growthScales(flags.get('growth')),
  };
  const loadWhich = flags.get('load');
  if (loadWhich && !['true', 'embedded', 'postgres'].includes(loadWhich)) throw new Error(`--load takes embedded or postgres, not ${loadWhich}`);
  const load: LoadOptions = {
    seconds: num('seconds', flags.get('seconds'), 60, 1),
    connections: Math.round(num('connections', flags.get('connections'), 50, 1)),
    databases: loadWhich === 'embedded' ? ['embedded'] : loadWhich === 'postgres' ? ['postgres'] : ['embedded', 'postgres'],
    external: flags.has('external'),
    compare: flags.get('compare'),
  };
  if (load.compare === 'true' || load.compare === '') throw new Error('--compare takes a git ref: --compare=09f9ab8');
  if (load.compare && load.external) throw new Error('--compare starts both consoles itself: it does not take --external');
  const fanoutWhich = flags.get('fanout');
  if (fanoutWhich && !['true', 'embedded', 'postgres'].includes(fanoutWhich)) throw new Error(`--fanout takes embedded or postgres, not ${fanoutWhich}`);
  const fanout: FanoutOptions = {
    streams: Math.round(num('streams', flags.get('streams'), 200, 1)),
    writers: Math.round(num('writers', flags.get('writers'), 50, 1)),
    seconds: num('seconds', flags.get('seconds'), 20, 1),
    loadSeconds: num('load-seconds', flags.get('load-seconds'), 30, 0),
    databases: fanoutWhich === 'embedded' ? ['embedded'] : fanoutWhich === 'postgres' ? ['postgres'] : ['embedded', 'postgres'],
  };
  const browser: BrowserOptions = {
    paletteRuns: Math.round(num('palette-runs', flags.get('palette-runs'), 40, 0)),
    external: flags.has('external'),
    profile: flags.has('profile'),
  };
  // --seed-only is the data set's alone; otherwise the parts named, or all of them.
  const named = PARTS.filter((p) => flags.has(p) || (p === 'data' && data.growth));
  // The import and campaign benches are asked for by name: "every part" stays the four that came before them.
  const parts = data.seedOnly ? ['data' as const] : named.length ? named : PARTS.filter((p) => p !== 'import' && p !== 'campaign');
  return { parts, data, browser, load, fanout };
}
