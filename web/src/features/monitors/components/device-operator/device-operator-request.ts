import { DIAGNOSTICS_MESSAGE_KEYS, monitorValidity, operatorDiagnosticsResponseSchema } from '@gearwatch/contracts';
import type { DateRange, DeviceOperatorSettings, OperatorDiagnosticsResponse } from '@gearwatch/contracts';
import { ApiError } from '../../../../api/errors.ts';
import type { MonitorFetchContext } from '../../hooks/useMonitorQuery.ts';
import { planWhenValid, SETTINGS_ONLY } from '../monitor-plan.ts';
import type { MonitorData } from '../types.ts';

/**
 * The query of `GET /api/deviceoperators/diagnostics/multiple` (spec 02 §7): the operators or the operator groups,
 * whichever the selection mode says; the arrays are sent comma-separated. The parameter is not asked for: every
 * answer holds both work and activity, so switching between them needs no call.
 */
export type DeviceOperatorRequest = ({ deviceOperators: number[] } | { deviceOperatorsGroups: number[] }) & {
  interval: DeviceOperatorSettings['interval'];
  from: string;
  to: string;
};

/** The call for the settings; null when nothing is selected in the current mode. */
export function deviceOperatorRequest(
  settings: Pick<DeviceOperatorSettings, 'byGroups' | 'deviceOperators' | 'deviceOperatorsGroups' | 'interval'>,
  range: DateRange,
): DeviceOperatorRequest | null {
  const time = { interval: settings.interval, from: range.from, to: range.to };
  if (settings.byGroups) return settings.deviceOperatorsGroups.length > 0 ? { deviceOperatorsGroups: [...settings.deviceOperatorsGroups], ...time } : null;
  return settings.deviceOperators.length > 0 ? { deviceOperators: [...settings.deviceOperators], ...time } : null;
}

export async function fetchOperatorDiagnostics(request: DeviceOperatorRequest, { api, signal }: MonitorFetchContext): Promise<OperatorDiagnosticsResponse> {
  return operatorDiagnosticsResponseSchema.parse(await api.get('/api/deviceoperators/diagnostics/multiple', request, signal));
}

/**
 * Spec 02 §8: the call's 400 for an operator group without operators. Its body stays with the query's error; the
 * monitor shows it as the group warning and draws nothing.
 */
export function isGroupWithoutOperators(error: unknown): boolean {
  const validation = error instanceof ApiError ? error.validation : null;
  if (!validation) return false;
  return [...Object.values(validation.errors).flat(), ...validation.rootErrors].includes(DIAGNOSTICS_MESSAGE_KEYS.noDeviceOperators);
}

export const deviceOperatorData: MonitorData<'device-operator', DeviceOperatorRequest, OperatorDiagnosticsResponse> = {
  plan: (settings, { range }) =>
    planWhenValid(monitorValidity('device-operator', settings, { ...SETTINGS_ONLY, range }), () => deviceOperatorRequest(settings, range)),
  fetch: fetchOperatorDiagnostics,
};
