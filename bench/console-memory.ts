/**
 * Loaded into a bench's console process (`node --expose-gc --import`, bench/console-process.ts): on SIGUSR2 it
 * collects the garbage fully, then writes its memory as one line on stdout, which the bench reads
 * (consoleMemory). So a figure such as the memory an open stream costs is a difference of live memory, not of
 * what the heap happened to hold between two collections.
 */
export const MEMORY_MARK = 'bench-memory ';

if (process.env.BENCH_MEMORY_PROBE === '1') {
  process.on('SIGUSR2', () => {
    const gc = (globalThis as { gc?: () => void }).gc;
    // Twice: objects a first collection frees may hold the last references to others (weak maps' entries).
    gc?.();
    gc?.();
    process.stdout.write(`${MEMORY_MARK}${JSON.stringify(process.memoryUsage())}\n`);
  });
}
