import type { Reporter, TestModule } from 'vitest/node';
import { slowestLines } from './slowest';

/** vitest: the slowest test files of the run, after its own summary. */
export default class SlowestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const timed = modules.map((m) => ({ name: `${m.project.name} · ${m.moduleId.replace(`${process.cwd()}/`, '')}`, ms: m.diagnostic().duration }));
    if (timed.length > 1) console.log(`\n${slowestLines('Slowest test files', timed)}`);
  }
}
