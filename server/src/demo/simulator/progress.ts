// Console progress of the history backfill: a bar redrawn in place on a terminal, a line per tenth otherwise (logs,
// CI), each with readings per second and the time left.

export interface ProgressOutput {
  write(text: string): unknown;
  isTTY?: boolean;
}

const BAR_WIDTH = 28;
/** Redraws at most this often: a terminal repaint per batch would cost more than the batch on fast machines. */
const REDRAW_MS = 100;

export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const minutes = Math.floor(s / 60);
  return `${minutes}:${String(s % 60).padStart(2, '0')}`;
}

const grouped = (n: number) => Math.round(n).toLocaleString('en-US');

export class BackfillProgress {
  private readonly began: number;
  private lastDraw = 0;
  private lastTenth = 0;
  private drawn = false;

  constructor(
    private readonly output: ProgressOutput,
    private readonly title: string,
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.began = clock();
    if (!output.isTTY) output.write(`${title}: starting\n`);
  }

  /** `fraction` of the work is done and `readings` readings are stored so far. */
  update(fraction: number, readings: number): void {
    const now = this.clock();
    const elapsed = (now - this.began) / 1000;
    const rate = elapsed > 0 ? readings / elapsed : 0;
    const eta = fraction > 0 ? (elapsed * (1 - fraction)) / fraction : Number.NaN;
    const stats = `${Math.floor(fraction * 100)}% ${grouped(readings)} readings, ${grouped(rate)}/s, ETA ${Number.isNaN(eta) ? '?' : formatDuration(eta)}`;
    if (this.output.isTTY) {
      if (now - this.lastDraw < REDRAW_MS && fraction < 1) return;
      this.lastDraw = now;
      const filled = Math.round(Math.min(1, fraction) * BAR_WIDTH);
      this.output.write(`\r${this.title} [${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${stats}\u001b[K`);
      this.drawn = true;
      return;
    }
    const tenth = Math.floor(fraction * 10);
    if (tenth > this.lastTenth && tenth < 10) {
      this.lastTenth = tenth;
      this.output.write(`${this.title}: ${stats}\n`);
    }
  }

  /** Ends the bar's line and prints the summary. */
  finish(summary: string): void {
    if (this.drawn) this.output.write('\n');
    this.output.write(`${summary}\n`);
  }
}
