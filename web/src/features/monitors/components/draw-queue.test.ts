import { describe, expect, it } from 'vitest';
import { DrawQueue } from './draw-queue.ts';

/** An idle scheduler run by hand: `idle()` runs what waits for the browser's next idle period. */
function manualIdle() {
  let tasks: (() => void)[] = [];
  return {
    schedule: (task: () => void) => {
      tasks.push(task);
      return () => {
        tasks = tasks.filter((waiting) => waiting !== task);
      };
    },
    idle: () => {
      const due = tasks;
      tasks = [];
      for (const task of due) task();
    },
    pending: () => tasks.length,
  };
}

describe('DrawQueue', () => {
  it('gives the waiting monitors their turn in board order, one per idle period', () => {
    const browser = manualIdle();
    const queue = new DrawQueue(browser.schedule);
    const released: string[] = [];
    queue.wait('c', 2, () => released.push('c'));
    queue.wait('a', 0, () => released.push('a'));
    queue.wait('b', 1, () => released.push('b'));
    browser.idle();
    expect(released).toEqual(['a']);
    browser.idle();
    browser.idle();
    expect(released).toEqual(['a', 'b', 'c']);
    expect(browser.pending()).toBe(0);
  });

  it('waits while a drawn monitor loads, and goes on when none does', () => {
    const browser = manualIdle();
    const queue = new DrawQueue(browser.schedule);
    const released: string[] = [];
    queue.setLoading('in-view', true);
    queue.wait('below', 1, () => released.push('below'));
    expect(browser.pending()).toBe(0);
    queue.setLoading('in-view', false);
    // A monitor that starts loading before the idle period comes holds the turn too.
    queue.setLoading('other', true);
    browser.idle();
    expect(released).toEqual([]);
    queue.setLoading('other', false);
    browser.idle();
    expect(released).toEqual(['below']);
  });

  it('forgets a monitor that left the queue (it came into view) and stops when the board goes', () => {
    const browser = manualIdle();
    const queue = new DrawQueue(browser.schedule);
    const released: string[] = [];
    const leave = queue.wait('a', 0, () => released.push('a'));
    queue.wait('b', 1, () => released.push('b'));
    leave();
    browser.idle();
    expect(released).toEqual(['b']);
    queue.wait('c', 2, () => released.push('c'));
    queue.dispose();
    browser.idle();
    expect(released).toEqual(['b']);
  });
});
