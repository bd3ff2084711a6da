/**
 * `npm run bench [-- options]`: the data-set timings (bench/run.ts) by default; `--load` the fifty-staff load
 * (bench/load.ts); `--browser` the first-load size and the palette's timings in headless Chromium (bench/browser.ts).
 */
const args = process.argv.slice(2);
if (args.includes('--load')) await import('./load');
else if (args.includes('--browser')) await import('./browser');
else await import('./run');
export {};
