/**
 * The consoles the browser tests run against. Each Playwright worker has two of its own, each on a fresh embedded
 * database: `empty` (reference data and the five demo accounts) and `demo` (with the demo data, for the workflow
 * tests: missed appointments, pending payments, invoices). Tests change records and users' settings (a language
 * chosen, columns hidden), so two workers never share a console.
 */
export const DEMO_PASSWORD = 'browser-test-password';

/**
 * Workers, each with its two consoles. Three keep both cores busy: with two, the tests' waits on their pages left the
 * cores idle much of the run; four cost more in consoles started than they gained.
 */
export const WORKERS = Math.max(1, Number(process.env.BROWSER_TEST_WORKERS ?? 3));

export type Dataset = 'empty' | 'demo';

/** Ports of worker 0; worker n uses them less 10·n. BROWSER_TEST_PORT / BROWSER_TEST_DEMO_PORT move them. */
const FIRST_PORT: Record<Dataset, number> = {
  empty: Number(process.env.BROWSER_TEST_PORT ?? 8099),
  demo: Number(process.env.BROWSER_TEST_DEMO_PORT ?? 8098),
};


export const consolePort = (dataset: Dataset, worker: number) => FIRST_PORT[dataset] - 10 * worker;
export const consoleUrl = (dataset: Dataset, worker: number) => `http://127.0.0.1:${consolePort(dataset, worker)}`;

/**
 * Where tests/browser/start-consoles.ts answers once every console listens: the port after the highest console's
 * (8100 by default), never one of theirs, even when the two data sets' ports are next to each other (4321 and 4322).
 * BROWSER_TEST_READY_PORT moves it (runs side by side on neighbouring ports: one run's next port is another's console).
 */
export const READY_PORT = Number(process.env.BROWSER_TEST_READY_PORT ?? Math.max(FIRST_PORT.empty, FIRST_PORT.demo) + 1);

/** Every console of the run, with its own data folder (named by its port, so runs on other ports never share one). */
export const CONSOLES = Array.from({ length: WORKERS }, (_, worker) => (['empty', 'demo'] as const).map((dataset) => ({
  dataset,
  port: consolePort(dataset, worker),
  dataDir: `.test-data/console-${consolePort(dataset, worker)}`,
}))).flat();
