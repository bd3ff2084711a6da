/** A one-line progress bar on stderr, redrawn with \r (a plain line every 10 s when stderr is not a terminal). */
export class Progress {
  private startedAt = 0;
  private lastDraw = 0;
  private done = 0;
  private label = '';
  private total = 0;
  private allDone = 0;
  private readonly tty = !!process.stderr.isTTY;

  constructor(private readonly grandTotal: number) {}

  begin(label: string, total: number) {
    this.label = label;
    this.total = total;
    this.done = 0;
    this.startedAt = performance.now();
    this.lastDraw = this.tty ? 0 : this.startedAt;
    this.draw(this.tty);
  }

  add(rows: number) {
    this.done += rows;
    this.allDone += rows;
    this.draw(false);
  }

  end() {
    this.draw(true);
    if (this.tty) process.stderr.write('\n');
  }

  private draw(force: boolean) {
    const now = performance.now();
    if (!force && now - this.lastDraw < (this.tty ? 200 : 10_000)) return;
    this.lastDraw = now;
    const secs = (now - this.startedAt) / 1000;
    const rate = secs > 0 ? this.done / secs : 0;
    const eta = rate > 0 ? (this.total - this.done) / rate : NaN;
    const width = 24;
    const filled = this.total ? Math.round((this.done / this.total) * width) : width;
    const bar = `${'#'.repeat(filled)}${'.'.repeat(width - filled)}`;
    const all = this.grandTotal ? Math.floor((this.allDone / this.grandTotal) * 100) : 100;
    const line = `${this.label.padEnd(28)} [${bar}] ${fmt(this.done).padStart(9)}/${fmt(this.total).padEnd(9)} ${fmt(Math.round(rate)).padStart(7)} rows/s  ETA ${clock(eta)}  (all ${all}%)`;
    process.stderr.write(this.tty ? `\r${line}\x1b[K` : `${line}\n`);
  }
}

export const fmt = (n: number) => n.toLocaleString('en-US');

export function clock(secs: number): string {
  if (!Number.isFinite(secs)) return '--:--';
  const s = Math.round(secs);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
