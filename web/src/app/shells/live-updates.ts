import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { alarmTotalSchema } from '@gearwatch/contracts';
import { useApi } from '../../api/ApiProvider.tsx';
import { queryKeys } from '../../api/query-keys.ts';
import { connectEvents } from '../../api/events.ts';
import type { ServerSentEvent } from '../../api/events.ts';
import { ALERT_RESOURCES, alertKeys } from '../../features/alerts/api/keys.ts';
import { deviceStatusRefresher } from '../../features/monitors/api/device-status-refresh.ts';
import { applyReportFileEvent, FILES } from '../../features/reports/api/files.ts';

/** The notification centre's queries. */
const NOTIFICATIONS: QueryKey = queryKeys.notifications.all;
/** The rule pages show their rule's alert counts. */
const RULE_DETAILS: QueryKey = [ALERT_RESOURCES.rules, 'detail'];
/** The generated report files (/reports-list). */
const REPORT_FILES: QueryKey = [FILES];

/** The dashboard summaries whose data an alert changes: the devices with alerts, the devices by status, the newest alerts. */
const ALERT_SUMMARIES: QueryKey[] = (['devices-with-alerts', 'devices-summary', 'newest-alerts'] as const).map((kind) =>
  queryKeys.monitorData(kind, {}).slice(0, 2),
);

/** What each kind of event makes stale. */
const STALE_BY_TYPE: Record<string, QueryKey[]> = {
  // A new, repeated, ended or confirmed alert: the lists (the alert page, the device page's), the device counts, the
  // rules' counts. The menu total comes with its own event.
  alert: [[ALERT_RESOURCES.alerts], alertKeys.alarms, RULE_DETAILS, ...ALERT_SUMMARIES],
  'alarm-total': [],
  notification: [NOTIFICATIONS],
  'notifications-read': [NOTIFICATIONS],
};
/** Everything the stream keeps fresh: read again after the stream was down. */
const ALL_LIVE: QueryKey[] = [[ALERT_RESOURCES.alerts], alertKeys.alarms, RULE_DETAILS, NOTIFICATIONS, REPORT_FILES, ...ALERT_SUMMARIES];

const isAlarmTotal = (key: QueryKey) => key[0] === alertKeys.alarmTotal[0] && key[1] === alertKeys.alarmTotal[1];

/** Invalidations of a burst of events (a catch-up delivers hundreds at once) are gathered and made once. */
const GATHER_MS = 100;

/**
 * Applies the stream's events to the query cache: the alarm total is set from its event (the menu count changes
 * without a request); the rest invalidates what the event concerns, a burst at a time. Returns the function to call
 * per event and one that drops what is pending.
 */
export function liveCacheUpdater(queryClient: QueryClient): { apply(event: ServerSentEvent): void; refreshAll(): void; dispose(): void } {
  const pending = new Map<string, QueryKey>();
  const deviceStatus = deviceStatusRefresher(queryClient);
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    timer = null;
    const keys = [...pending.values()];
    pending.clear();
    // The total has its own event: a prefix that covers it (['alarms']) leaves it alone unless asked for by name.
    for (const queryKey of keys)
      void queryClient.invalidateQueries({ queryKey, predicate: (query) => isAlarmTotal(queryKey) || !isAlarmTotal(query.queryKey) });
  };
  const stale = (keys: QueryKey[]) => {
    for (const key of keys) pending.set(JSON.stringify(key), key);
    if (keys.length > 0 && !timer) timer = setTimeout(flush, GATHER_MS);
  };
  return {
    apply(event) {
      if (event.type === 'alarm-total') {
        let data: unknown;
        try {
          data = JSON.parse(event.data);
        } catch {
          data = null;
        }
        const total = alarmTotalSchema.safeParse(data);
        if (total.success) queryClient.setQueryData(alertKeys.alarmTotal, total.data);
        else stale([alertKeys.alarmTotal]);
        return;
      }
      // A file's progress is written into the cached list at once; a new file or a new status reads the list again.
      if (event.type === 'report-file') {
        if (applyReportFileEvent(queryClient, event.data)) stale([REPORT_FILES]);
        return;
      }
      // A device's status: the dashboard's status widgets showing it, at most every few seconds.
      if (event.type === 'device-status') {
        deviceStatus.apply(event.data);
        return;
      }
      stale(STALE_BY_TYPE[event.type] ?? []);
    },
    refreshAll() {
      stale(ALL_LIVE);
      void queryClient.invalidateQueries({ queryKey: alertKeys.alarmTotal });
    },
    dispose() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending.clear();
      deviceStatus.dispose();
    },
  };
}

/**
 * The signed-in shell's live updates: one `GET /api/events` stream while the shell is mounted (MainShell), keeping
 * the alarm total, the alert lists, the device pages' counts, the notification centre and the dashboard's summaries
 * current within moments of a change. The 60 s refresh of the total (300 s of the summaries) stays as the fallback
 * while the stream is down.
 */
export function useLiveUpdates(): void {
  const api = useApi();
  const queryClient = useQueryClient();
  useEffect(() => {
    const updater = liveCacheUpdater(queryClient);
    const connection = connectEvents({
      api,
      onEvent: (event) => updater.apply(event),
      onOpen: (afterFailure) => {
        if (afterFailure) updater.refreshAll();
      },
    });
    return () => {
      connection.close();
      updater.dispose();
    };
  }, [api, queryClient]);
}
