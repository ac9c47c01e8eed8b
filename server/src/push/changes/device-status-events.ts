import type { Kysely } from 'kysely';
import { DEVICE_STATUS_EVENT_MAX_DEVICES } from '@gearwatch/contracts';
import type { DeviceStatusEvent } from '@gearwatch/contracts';
import type { DB } from '../../db/schema.ts';
import type { RepositoryFactory } from '../../db/repository-factory.ts';
import type { NewUserEvent } from '../streams/event-log.ts';
import { appendUserEvents } from '../streams/event-log.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import type { DeviceStatusChange, DeviceStatusEventsRepository } from './device-status-repository.ts';

export const DEVICE_STATUS_EXPIRY_JOB = 'device-status-expiry';

/** `device-status` events (docs/events.md "Device status"): ingest's changes as batches commit, time's every minute. */
export class DeviceStatusEvents {
  constructor(private readonly repositories: RepositoryFactory<{ deviceStatusEvents: DeviceStatusEventsRepository }>) {}

  /**
   * Writes the events in the transaction of the change: one per active user of each device's company (a company's
   * users see all its devices), listing that company's changed devices, at most DEVICE_STATUS_EVENT_MAX_DEVICES per
   * event.
   */
  async append(trx: Kysely<DB>, changes: readonly DeviceStatusChange[]): Promise<void> {
    if (changes.length === 0) return;
    const byCompany = new Map<number, DeviceStatusEvent['devices']>();
    for (const { companyId, deviceId, online, working } of changes) {
      const devices = byCompany.get(companyId) ?? [];
      devices.push({ deviceId, online, working });
      byCompany.set(companyId, devices);
    }
    const users = await this.repositories(trx).deviceStatusEvents.companyUsers([...byCompany.keys()]);
    const events: NewUserEvent[] = [];
    for (const { companyId, userId } of users) {
      const devices = byCompany.get(companyId)!;
      for (let i = 0; i < devices.length; i += DEVICE_STATUS_EVENT_MAX_DEVICES) {
        const payload: DeviceStatusEvent = { devices: devices.slice(i, i + DEVICE_STATUS_EVENT_MAX_DEVICES) };
        events.push({ userId, type: 'device-status', payload });
      }
    }
    await appendUserEvents(trx, events);
  }

  /**
   * The time-based half of the device status: a device goes offline and stops working by time alone, with nothing
   * written, so every minute a job turns off what the window has ended and tells it. Ingest turns statuses on (and
   * tells it) as batches commit. One job per tick whatever the number of instances, and the update only changes what
   * still differs, so each change is told once.
   */
  scheduleExpiry(runner: JobRunner): void {
    runner.register(DEVICE_STATUS_EXPIRY_JOB, async ({ trx }) => {
      await this.append(trx, await this.repositories(trx).deviceStatusEvents.expire());
    });
    runner.schedule(DEVICE_STATUS_EXPIRY_JOB, '* * * * *');
  }
}
