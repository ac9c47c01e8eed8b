import { useMemo } from 'react';
import { DEVICE_PARAMETER_INTERVALS, fitInterval, reconcileParameters, selectableParameters } from '@gearwatch/contracts';
import type { DateRange, DeviceParameterInterval, DeviceParameterSettings } from '@gearwatch/contracts';
import { useDevices } from '../../../../api/data-areas.ts';
import { useDeviceGroups, useDeviceTypes, useProductionShifts } from '../../api/model.ts';
import { useAnsweredInterval } from '../../hooks/useAnsweredInterval.ts';
import { useMonitorQuery } from '../../hooks/useMonitorQuery.ts';
import { useParametersNotFound } from '../../hooks/useParametersNotFound.ts';
import { ChartMonitorFrame } from '../ChartMonitorFrame.tsx';
import type { DeviceSelection } from '../fields/DeviceSelectionField.tsx';
import type { MonitorProps } from '../types.ts';
import { deviceParameterData, deviceParameterOffer, selectedDeviceIds } from './device-parameter-request.ts';
import { DeviceParameterSettingsPanel } from './DeviceParameterSettingsPanel.tsx';
import { useDeviceParameterOption } from './useDeviceParameterOption.ts';

const KIND = 'device-parameter';
const NO_SHIFTS: readonly never[] = [];

/**
 * The device parameter monitor (spec 02 §2 item 1): chosen parameters of chosen devices (or of the devices of chosen
 * groups) over a date range at an interval, as bars or lines.
 */
export function DeviceParameterMonitor({ settings, update, range, setRange, today }: MonitorProps<'device-parameter'>) {
  const devices = useDevices();
  const groups = useDeviceGroups();
  const deviceTypes = useDeviceTypes();
  const shifts = useProductionShifts();

  const { byGroups, devices: chosenDevices, deviceGroups } = settings;
  const deviceIds = useMemo(
    () => selectedDeviceIds({ byGroups, devices: chosenDevices, deviceGroups }, groups.data),
    [byGroups, chosenDevices, deviceGroups, groups.data],
  );
  const offered = useMemo(() => deviceParameterOffer(deviceIds, devices.data, deviceTypes.data), [deviceIds, deviceTypes.data, devices.data]);
  const shiftList = shifts.isPending ? undefined : (shifts.data ?? NO_SHIFTS);
  const { validity, request } = useMemo(
    () => deviceParameterData.plan(settings, { range, devices: devices.data, deviceGroups: groups.data, deviceTypes: deviceTypes.data, shifts: shiftList }),
    [deviceTypes.data, devices.data, groups.data, range, settings, shiftList],
  );
  const query = useMonitorQuery(KIND, request, deviceParameterData.fetch);
  const data = request ? query.data : undefined;

  useAnsweredInterval({ kind: KIND, request, answer: data, answered: data?.interval, offered: DEVICE_PARAMETER_INTERVALS, update });

  const notFound = useParametersNotFound(query.error, request, update);

  const changeSelection = (patch: Partial<DeviceSelection>) => {
    const next = { ...settings, ...patch };
    const ids = selectedDeviceIds(next, groups.data);
    // Spec 02 §4: parameters no longer offered for the new selection are dropped (with the work parameter or the
    // first one chosen when none remains); an empty selection offers nothing to compare with and keeps the choice.
    const known = ids && devices.data ? ids.filter((id) => devices.data.some((device) => device.id === id)) : [];
    if (known.length > 0 && devices.data && deviceTypes.data) {
      update({ ...patch, parameters: reconcileParameters(settings.parameters, selectableParameters(known, devices.data, deviceTypes.data)) });
    } else {
      update(patch);
    }
  };

  const changeRange = (next: DateRange) => {
    setRange(next);
    const interval = fitInterval(KIND, settings.interval, next) as DeviceParameterInterval;
    if (interval !== settings.interval) update({ interval });
  };

  const option = useDeviceParameterOption(KIND, data, settings, range);

  return (
    <ChartMonitorFrame
      option={option}
      empty={data?.data.length === 0}
      onChartTypeChange={update}
      warning={validity.warning}
      query={query}
      error={notFound ? null : (query.error ?? deviceTypes.error ?? groups.error)}
      settings={
        <DeviceParameterSettingsPanel
          kind={KIND}
          settings={settings}
          parameters={offered}
          selectedDeviceCount={deviceIds?.length ?? 0}
          range={range}
          today={today}
          onSelectionChange={changeSelection}
          onParametersChange={(parameters) => update({ parameters })}
          onIntervalChange={(interval) => update({ interval } satisfies Partial<DeviceParameterSettings>)}
          onRangeChange={changeRange}
        />
      }
    />
  );
}
