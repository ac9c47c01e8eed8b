import type { AlertRepository, AlertSubject } from './alert-repository.ts';
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
  constructor(private readonly repository: AlertRepository) {}

  async apply(subject: AlertSubject, deviceId: number, state: AlertState, actions: AlertAction[], counts: WriteCounts): Promise<void> {
    let openId = state.open?.id ?? null;
    for (const action of actions) {
      const at = new Date(action.at);
      if (action.kind === 'open') {
        openId = (await this.repository.open(subject, deviceId, at, action.params)) ?? null;
        if (openId !== null) {
          counts.opened++;
          continue;
        }
        openId = (await this.repository.openId(subject, deviceId)) ?? null;
        if (openId !== null) {
          await this.repository.repeat(openId, at, action.params);
          counts.repeated++;
        }
      } else if (action.kind === 'repeat' && openId !== null) {
        await this.repository.repeat(openId, at, action.params);
        counts.repeated++;
      } else if (action.kind === 'end' && openId !== null) {
        await this.repository.end(openId, at);
        openId = null;
        counts.ended++;
      }
    }
  }
}
