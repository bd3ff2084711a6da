import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { slowestLines } from './slowest';

/** Playwright: the slowest browser tests of the run (each try counted), after the list. */
export default class SlowestTests implements Reporter {
  private readonly timed: { name: string; ms: number }[] = [];
  onTestEnd(test: TestCase, result: TestResult) {
    this.timed.push({ name: `${test.location.file.replace(`${process.cwd()}/`, '')}:${test.location.line} ${test.title}`, ms: result.duration });
  }
  onEnd() {
    if (this.timed.length > 1) console.log(`\n${slowestLines('Slowest browser tests', this.timed)}`);
  }
  printsToStdio() { return false; }
}
