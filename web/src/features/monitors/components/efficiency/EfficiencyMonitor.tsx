import { useMemo } from 'react';
import {
  applyEfficiencyChoice,
  availableIntervals,
  efficiencyChosenDevices,
  efficiencySelectableDevices,
  fitInterval,
  reconcileEfficiencyParameters,
} from '@gearwatch/contracts';
import type { DateRange } from '@gearwatch/contracts';
import { useDevices } from '../../../../api/data-areas.ts';
import { useDeviceGroups, useDeviceTypes } from '../../api/model.ts';
import { useAnsweredInterval } from '../../hooks/useAnsweredInterval.ts';
import { useMonitorQuery } from '../../hooks/useMonitorQuery.ts';
import { useParametersNotFound } from '../../hooks/useParametersNotFound.ts';
import { ChartMonitorFrame } from '../ChartMonitorFrame.tsx';
import { DeviceParameterSettingsPanel } from '../device-parameter/DeviceParameterSettingsPanel.tsx';
import { useDeviceParameterOption } from '../device-parameter/useDeviceParameterOption.ts';
import type { DeviceSelection } from '../fields/DeviceSelectionField.tsx';
import type { MonitorProps } from '../types.ts';
import { efficiencyData, efficiencyInterval, isEfficiencyInterval } from './efficiency-request.ts';
import { efficiencyDeviceIds, efficiencyOffer } from './efficiency-rules.ts';

const KIND = 'efficiency';

/**
 * The efficiency monitor (spec 02 §2 item 5): chosen parameters, efficiency (work / active) among them, of devices
 * of one type (or of the devices of chosen groups) over a date range at an interval, one y-axis per unit.
 */
export function EfficiencyMonitor({ settings, update, range, setRange, today }: MonitorProps<'efficiency'>) {
  const devices = useDevices();
  const groups = useDeviceGroups();
  const deviceTypes = useDeviceTypes();

  const { byGroups, devices: chosenDevices, deviceGroups } = settings;
  const interval = efficiencyInterval(settings.interval, range);
  const deviceIds = useMemo(
    () => efficiencyDeviceIds({ byGroups, devices: chosenDevices, deviceGroups }, devices.data, groups.data),
    [byGroups, chosenDevices, deviceGroups, devices.data, groups.data],
  );
  const offered = useMemo(() => efficiencyOffer(deviceIds, devices.data, deviceTypes.data), [deviceIds, deviceTypes.data, devices.data]);
  const deviceOptions = useMemo(() => (devices.data ? efficiencySelectableDevices(chosenDevices, devices.data) : undefined), [chosenDevices, devices.data]);
  const { validity, request } = useMemo(
    () => efficiencyData.plan(settings, { range, devices: devices.data, deviceGroups: groups.data, deviceTypes: deviceTypes.data }),
    [deviceTypes.data, devices.data, groups.data, range, settings],
  );
  const query = useMonitorQuery(KIND, request, efficiencyData.fetch);
  const data = request ? query.data : undefined;

  // An answered interval is followed only when the monitor offers it for the range (month only from the 1st).
  const offeredIntervals = useMemo(() => availableIntervals(KIND, range).filter(isEfficiencyInterval), [range]);
  useAnsweredInterval({ kind: KIND, request, answer: data, answered: data?.interval, offered: offeredIntervals, update });

  const notFound = useParametersNotFound(query.error, request, update);

  const changeSelection = (patch: Partial<DeviceSelection>) => {
    // Spec 02 §4: switching between devices and groups only saves.
    if (Object.keys(patch).every((key) => key === 'byGroups')) {
      update(patch);
      return;
    }
    const next = { ...settings, ...patch };
    // Only devices of the first chosen device's type stay chosen.
    const kept = patch.devices && devices.data ? { devices: efficiencyChosenDevices(patch.devices, devices.data) } : {};
    const ids = efficiencyDeviceIds({ ...next, ...kept }, devices.data, groups.data);
    const known = ids && devices.data ? ids.filter((id) => devices.data.some((device) => device.id === id)) : [];
    const offer = known.length > 0 ? efficiencyOffer(known, devices.data, deviceTypes.data) : null;
    // Spec 02 §4: parameters the new selection does not offer are dropped; none left chooses work. An empty
    // selection offers nothing to compare with and keeps the choice.
    update(offer ? { ...patch, ...kept, parameters: reconcileEfficiencyParameters(settings.parameters, offer) } : { ...patch, ...kept });
  };

  const changeRange = (next: DateRange) => {
    setRange(next);
    const nextInterval = fitInterval(KIND, settings.interval, next);
    if (nextInterval !== settings.interval && isEfficiencyInterval(nextInterval)) update({ interval: nextInterval });
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
          settings={{ ...settings, interval }}
          devices={deviceOptions}
          parameters={offered}
          selectedDeviceCount={deviceIds?.length ?? 0}
          range={range}
          today={today}
          onSelectionChange={changeSelection}
          onParametersChange={(next) => update({ parameters: applyEfficiencyChoice(next) })}
          onIntervalChange={(next) => update({ interval: next })}
          onRangeChange={changeRange}
        />
      }
    />
  );
}
