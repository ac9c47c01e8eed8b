import type { EngineAlertsRepository, AlertSubject } from './engine-alerts-repository.ts';
import type { AlertAction, AlertState } from './timeline.ts';

/** Counts of what a pass wrote (tests, logs and the preview read the same shape). */
export interface WriteCounts {
  opened: number;
  repeated: number;
  ended: number;
}

export const noWrites = (): WriteCounts => ({ opened: 0, repeated: 0, ended: 0 });

/**
 * The one place alerts are written. An open relies on the partial unique index (one open alert per rule and
 * device, per device for requirements): if another writer opened one first, this occurrence repeats it instead.
 */
export class AlertWriter {
  constructor(private readonly repository: EngineAlertsRepository) {}

  async apply(subject: AlertSubject, deviceId: number, state: AlertState, actions: AlertAction[], counts: WriteCounts): Promise<void> {
    let openId = state.open?.id ?? null;
    for (let i = 0; i < actions.length; i++) {
      const action = actions[i]!;
      if (action.kind === 'open') {
        // Opened and ended within the same evaluation (a history, a burst): one insert of the ended alert.
        const run = repeatsFrom(actions, i + 1);
        const closing = actions[run.next];
        if (closing?.kind === 'end') {
          const last = run.last ?? action;
          await this.repository.insertEnded(subject, deviceId, new Date(action.at), new Date(closing.at), last.params, {
            counter: 1 + run.count,
            lastAt: new Date(last.at),
          });
          counts.opened++;
          counts.repeated += run.count;
          counts.ended++;
          i = run.next;
          continue;
        }
        openId = (await this.repository.open(subject, deviceId, new Date(action.at), action.params)) ?? null;
        if (openId !== null) {
          counts.opened++;
          continue;
        }
        openId = (await this.repository.openId(subject, deviceId)) ?? null;
        if (openId !== null) {
          await this.repository.repeat(openId, new Date(action.at), action.params);
          counts.repeated++;
        }
      } else if (action.kind === 'repeat' && openId !== null) {
        // Consecutive repeats are one update: the counter rises by their number, the last one's time and message.
        const run = repeatsFrom(actions, i);
        await this.repository.repeatBy(openId, run.count, new Date(run.last!.at), run.last!.params);
        counts.repeated += run.count;
        i = run.next - 1;
      } else if (action.kind === 'end' && openId !== null) {
        await this.repository.end(openId, new Date(action.at));
        openId = null;
        counts.ended++;
      }
    }
  }
}

/** The repeats starting at `from`: how many, the last of them, and the index after them. */
function repeatsFrom(actions: AlertAction[], from: number): { count: number; last: Extract<AlertAction, { kind: 'repeat' }> | null; next: number } {
  let next = from;
  let last: Extract<AlertAction, { kind: 'repeat' }> | null = null;
  while (next < actions.length && actions[next]!.kind === 'repeat') last = actions[next++] as Extract<AlertAction, { kind: 'repeat' }>;
  return { count: next - from, last, next };
}
