import type { Query, QueryClient } from '@tanstack/react-query';
import { deviceStatusEventSchema, devicesWithAlertsResponseSchema } from '@gearwatch/contracts';
import { queryKeys } from '../../../api/query-keys.ts';

/**
 * A burst of status changes (a whole site's modules calling again after an outage) reads each summary at most once
 * in this time; the 300 s refresh stays as the fallback while the stream is down.
 */
export const DEVICE_STATUS_REFRESH_MS = 5_000;
/** The first change of a quiet time waits this long for its neighbours (the stream's burst gathering). */
const GATHER_MS = 100;

const [MONITORS, SUMMARY] = queryKeys.monitorData('devices-summary', {});
const WITH_ALERTS = queryKeys.monitorData('devices-with-alerts', {})[1];

/**
 * Whether a status widget's data may show one of `devices` (null: any device): the devices summary of chosen
 * devices only when one of them changed (groups and the whole company always); the devices with alerts only when
 * a changed device is on it (or it holds no data yet).
 */
function showsAny(query: Query, devices: ReadonlySet<number> | null): boolean {
  const [, kind, request] = query.queryKey as readonly [string, string, Record<string, unknown>];
  if (kind !== SUMMARY && kind !== WITH_ALERTS) return false;
  if (devices === null) return true;
  if (kind === SUMMARY) {
    const chosen = typeof request?.devices === 'string' ? request.devices.split(',').map(Number) : null;
    return chosen === null || chosen.some((id) => devices.has(id));
  }
  const data = devicesWithAlertsResponseSchema.safeParse(query.state.data);
  return !data.success || data.data.entries.some((entry) => devices.has(entry.device.id));
}

/**
 * Applies the stream's `device-status` events (a device went online or offline, started or stopped working) to the
 * dashboard's status widgets: the devices summary and the devices with alerts showing a changed device read their
 * data again, gathered and at most once per DEVICE_STATUS_REFRESH_MS.
 */
export function deviceStatusRefresher(queryClient: QueryClient, now: () => number = Date.now): { apply(data: string): void; dispose(): void } {
  let changed: Set<number> | null = new Set();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastFlush = -Infinity;
  const flush = () => {
    timer = null;
    lastFlush = now();
    const devices = changed;
    changed = new Set();
    void queryClient.invalidateQueries({ queryKey: [MONITORS], predicate: (query) => showsAny(query, devices) });
  };
  return {
    apply(data) {
      let payload: unknown;
      try {
        payload = JSON.parse(data);
      } catch {
        payload = null;
      }
      const event = deviceStatusEventSchema.safeParse(payload);
      // An unreadable event may concern any device.
      if (!event.success) changed = null;
      else if (changed !== null) for (const device of event.data.devices) changed.add(device.deviceId);
      if (!timer) timer = setTimeout(flush, Math.max(GATHER_MS, lastFlush + DEVICE_STATUS_REFRESH_MS - now()));
    },
    dispose() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
