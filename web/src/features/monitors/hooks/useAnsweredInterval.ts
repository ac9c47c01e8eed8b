import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { DiagnosticsInterval, MonitorKind } from '@gearwatch/contracts';
import { queryKeys } from '../../../api/query-keys.ts';

export interface AnsweredIntervalOptions<I extends DiagnosticsInterval> {
  kind: MonitorKind;
  /** The data call's parameters (the cache key), null while nothing is asked for. */
  request: (Record<string, unknown> & { interval: DiagnosticsInterval }) | null;
  /** The answer to `request`; it is the answer for the answered interval too. */
  answer: unknown;
  /** The interval the server says it answered; undefined while there is no answer. */
  answered: DiagnosticsInterval | undefined;
  /** The intervals the monitor offers now: an answered one outside them is shown but not saved. */
  offered: readonly I[];
  update: (patch: { interval: I }) => void;
}

/**
 * Spec 02 §4: the server answers another interval when the range is too long for the one asked; the monitor follows
 * it and saves it. The answer is kept under the request for the answered interval, so the request that the saved
 * interval makes next is not fetched again. Memoise `offered` (or pass a constant): a new list is a new check.
 */
export function useAnsweredInterval<I extends DiagnosticsInterval>({ kind, request, answer, answered, offered, update }: AnsweredIntervalOptions<I>) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!request || answered === undefined || answered === request.interval) return;
    const next = offered.find((interval) => interval === answered);
    if (next === undefined) return;
    queryClient.setQueryData(queryKeys.monitorData(kind, { ...request, interval: next }), answer);
    update({ interval: next });
  }, [answer, answered, kind, offered, queryClient, request, update]);
}
