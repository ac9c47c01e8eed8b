import { createContext, useContext, useEffect } from 'react';

/** Runs `task` when the browser is next idle; answers a function that cancels it. */
export type IdleScheduler = (task: () => void) => () => void;

/** The browser's idle callback (at the latest after a second), or a short timer where there is none. */
export const whenIdle: IdleScheduler = (task) => {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 1000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 50);
  return () => window.clearTimeout(handle);
};

/**
 * The order a board draws its monitors in. Those in view draw at once; each one below the fold waits for its turn,
 * which comes when it scrolls near the view or when no drawn monitor is loading and the browser is idle, one monitor
 * per idle period in board order. So what the user sees is drawn first, and the rest follows without holding the page
 * (docs/performance.md, page load; docs/decisions/012-board-draws-in-view-first.md).
 */
export class DrawQueue {
  private readonly waiting: { id: string; order: number; release: () => void }[] = [];
  private readonly loading = new Set<string>();
  private cancelScheduled: (() => void) | null = null;
  private openingBoard = true;

  constructor(private readonly schedule: IdleScheduler = whenIdle) {}

  /**
   * While the board opens, a monitor out of view waits; one that appears later (the user added it) draws at once:
   * it is what the user just asked for.
   */
  get opening(): boolean {
    return this.openingBoard;
  }

  /** The board has opened (its first monitors are laid out). */
  opened(): void {
    this.openingBoard = false;
  }

  /** A monitor waits for its turn; answers a function that takes it out of the queue (it came into view, or left). */
  wait(id: string, order: number, release: () => void): () => void {
    const entry = { id, order, release };
    this.waiting.push(entry);
    this.waiting.sort((a, b) => a.order - b.order);
    this.kick();
    return () => {
      const index = this.waiting.indexOf(entry);
      if (index >= 0) this.waiting.splice(index, 1);
    };
  }

  /** A drawn monitor's frame says whether its code or data is still loading. */
  setLoading(id: string, loading: boolean): void {
    if (loading) this.loading.add(id);
    else this.loading.delete(id);
    this.kick();
  }

  /** Stops scheduling (the board left the page). */
  dispose(): void {
    this.cancelScheduled?.();
    this.cancelScheduled = null;
    this.waiting.length = 0;
  }

  private kick(): void {
    if (this.cancelScheduled || this.loading.size > 0 || this.waiting.length === 0) return;
    this.cancelScheduled = this.schedule(() => {
      this.cancelScheduled = null;
      // A monitor may have started loading since: its turn comes after.
      if (this.loading.size > 0) return;
      this.waiting.shift()?.release();
      this.kick();
    });
  }
}

export const DrawQueueContext = createContext<DrawQueue | null>(null);

/** Tells the board's draw queue whether this monitor is loading; outside a board it does nothing. */
export function useReportLoading(id: string, loading: boolean): void {
  const queue = useContext(DrawQueueContext);
  useEffect(() => {
    if (!queue) return;
    queue.setLoading(id, loading);
    return () => queue.setLoading(id, false);
  }, [queue, id, loading]);
}
