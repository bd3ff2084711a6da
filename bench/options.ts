import path from 'node:path';

/** What `npm run bench -- …` was asked to do. */
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
}

const USAGE = `npm run bench -- [--scale=0.1] [--fresh] [--vacuum] [--runs=40] [--warmup=5] [--only=patients] [--explain[=all]] [--seed-only] [--data=.bench-data]
  BENCH_SCALE=0.1 works as --scale; BENCH_DEBUG=1 also prints the database time per entity and per index while seeding.`;

export function readOptions(argv: string[] = process.argv.slice(2), env: NodeJS.ProcessEnv = process.env): BenchOptions {
  const flags = new Map<string, string>();
  for (const arg of argv) {
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!m) throw new Error(`Unknown argument ${arg}\n${USAGE}`);
    flags.set(m[1], m[2] ?? 'true');
  }
  const known = ['scale', 'fresh', 'vacuum', 'data', 'runs', 'warmup', 'seed-only', 'only', 'explain', 'help'];
  for (const k of flags.keys()) if (!known.includes(k)) throw new Error(`Unknown option --${k}\n${USAGE}`);
  if (flags.has('help')) { console.log(USAGE); process.exit(0); }

  const num = (name: string, raw: string | undefined, fallback: number, min: number) => {
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isFinite(n) || n < min) throw new Error(`--${name} must be a number of at least ${min}`);
    return n;
  };
  const scale = num('scale', flags.get('scale') ?? env.BENCH_SCALE, 1, 0.0001);
  return {
    scale,
    fresh: flags.has('fresh'),
    dataDir: path.resolve(flags.get('data') ?? '.bench-data'),
    runs: Math.round(num('runs', flags.get('runs'), 40, 1)),
    warmup: Math.round(num('warmup', flags.get('warmup'), 5, 0)),
    seedOnly: flags.has('seed-only'),
    vacuum: flags.has('vacuum'),
    only: flags.get('only'),
    explain: !flags.has('explain') ? false : flags.get('explain') === 'all' ? 'all' : 'slow',
  };
}
